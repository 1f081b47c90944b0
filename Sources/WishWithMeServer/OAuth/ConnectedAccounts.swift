import HearthCore
import HearthServer
import HearthStore

/// The signed-in user's view of their provider accounts (spec §3.7, §3.8).
struct ConnectedAccounts: Sendable {
    let documents: DocumentStore
    let socialAccounts = SocialAccountStore()

    /// `{"accounts": [{provider, email, connected_at}], "has_password": …}`.
    func list(userID: String) async throws -> JSONValue {
        let (linked, passwordSet) = try await documents.database.read { executor -> ([SocialAccount], Bool) in
            (try await socialAccounts.accounts(userID: userID, executor: executor), try await hasPassword(userID, executor: executor))
        }
        let accounts: [JSONValue] = linked.map { account -> JSONValue in
            [
                "provider": .string(account.provider), "email": account.email.map(JSONValue.string) ?? .null,
                "connected_at": .string(account.createdAt),
            ]
        }
        return ["accounts": .array(accounts), "has_password": .bool(passwordSet)]
    }

    /// Removes the link, unless it is the user's only way to sign in.
    func unlink(_ provider: OAuthProviderSettings.Provider, userID: String) async throws {
        // In `documents.write` for its lock: two concurrent unlinks of a password-less
        // user's two providers must not both pass the "not the last one" check.
        try await documents.write { writer in
            let linked = try await socialAccounts.accounts(userID: userID, executor: writer.executor)
            guard linked.contains(where: { $0.provider == provider.rawValue }) else {
                throw APIError.badRequest("Provider '\(provider.rawValue)' is not linked to your account")
            }
            let remaining = linked.filter { $0.provider != provider.rawValue }
            guard try await hasPassword(userID, executor: writer.executor) || !remaining.isEmpty else {
                throw APIError.badRequest(
                    "Cannot unlink the only authentication method. Please set a password or link another account first.")
            }
            try await socialAccounts.unlink(userID: userID, provider: provider.rawValue, executor: writer.executor)
        }
    }

    private func hasPassword(_ userID: String, executor: any SQLExecutor) async throws -> Bool {
        let row = try await executor.queryFirst("SELECT password_hash FROM wwm_accounts WHERE user_id = ?", [.text(userID)])
        return try row?.optionalString("password_hash") != nil
    }
}
