import HearthCore
import HearthStore

/// A provider account linked to a user (spec §3.9): server-only, never synced.
struct SocialAccount: Sendable, Hashable {
    let id: String
    let userID: String
    let provider: String
    let providerUserID: String
    let email: String?
    let createdAt: String
}

/// The records of `wwm_social_accounts`. Every method runs on the executor it is given,
/// so the checks and writes of one sign-in share a transaction.
struct SocialAccountStore: Sendable {
    private static let columns = "id, user_id, provider, provider_user_id, email, created_at"

    func account(id: String, executor: any SQLExecutor) async throws -> SocialAccount? {
        try await executor.queryFirst("SELECT \(Self.columns) FROM wwm_social_accounts WHERE id = ?", [.text(id)])
            .map(Self.account(row:))
    }

    func account(userID: String, provider: String, executor: any SQLExecutor) async throws -> SocialAccount? {
        try await executor.queryFirst(
            "SELECT \(Self.columns) FROM wwm_social_accounts WHERE user_id = ? AND provider = ? ORDER BY created_at, id",
            [.text(userID), .text(provider)]
        ).map(Self.account(row:))
    }

    /// The user's linked accounts, oldest first.
    func accounts(userID: String, executor: any SQLExecutor) async throws -> [SocialAccount] {
        try await executor.query(
            "SELECT \(Self.columns) FROM wwm_social_accounts WHERE user_id = ? ORDER BY created_at, id", [.text(userID)]
        ).map(Self.account(row:))
    }

    /// Links `identity` to `userID`; `false` when that provider account is already linked
    /// (to anyone), in which case nothing changes.
    func link(_ identity: ProviderIdentity, to userID: String, at now: Timestamp, executor: any SQLExecutor) async throws -> Bool {
        let stamp = LegacyTimestamp.format(now)
        let inserted = try await executor.query(
            """
            INSERT INTO wwm_social_accounts (id, user_id, provider, provider_user_id, email, profile_data, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id
            """,
            [
                .text(identity.socialAccountID), .text(userID), .text(identity.provider.rawValue), .text(identity.providerUserID),
                SQLValue(identity.email), SQLValue(json: identity.profileData), .text(stamp), .text(stamp),
            ])
        return !inserted.isEmpty
    }

    /// Records what the provider said at this sign-in.
    func refresh(_ identity: ProviderIdentity, at now: Timestamp, executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE wwm_social_accounts SET email = ?, profile_data = ?, updated_at = ? WHERE id = ?",
            [
                SQLValue(identity.email), SQLValue(json: identity.profileData), .text(LegacyTimestamp.format(now)),
                .text(identity.socialAccountID),
            ])
    }

    func unlink(userID: String, provider: String, executor: any SQLExecutor) async throws {
        try await executor.execute(
            "DELETE FROM wwm_social_accounts WHERE user_id = ? AND provider = ?", [.text(userID), .text(provider)])
    }

    private static func account(row: SQLRow) throws -> SocialAccount {
        SocialAccount(
            id: try row.string("id"), userID: try row.string("user_id"), provider: try row.string("provider"),
            providerUserID: try row.string("provider_user_id"), email: try row.optionalString("email"),
            createdAt: try row.string("created_at"))
    }
}
