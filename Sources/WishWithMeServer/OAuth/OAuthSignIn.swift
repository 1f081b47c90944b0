import HearthCore
import HearthStore

/// What a provider identity means for our accounts (spec §3.5, hardened by §8.27–28):
/// sign in to the linked account, sign in to the account with the same verified email
/// (linking it), or create a new account — and, for a signed-in user, link.
///
/// Checks and writes run in `documents.write` transactions: they hold the feed lock, so
/// two sign-ins or links can never interleave between a check and its write.
struct OAuthSignIn: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules
    let accounts: AccountStore
    let socialAccounts = SocialAccountStore()

    enum LoginResult: Sendable, Hashable {
        case signedIn(userID: String, isNewUser: Bool)
        /// An account has this email, but the provider does not vouch for it.
        case emailExists(String)
        case userMissing
    }

    enum LinkResult: Sendable, Hashable {
        case linked
        case alreadyLinked
        case linkedToAnotherUser
        case userMissing
    }

    /// Whether signing in as `identity` may show the provider's avatar, so the caller
    /// downloads it (outside any transaction) only when it can be used.
    func mayUseAvatar(of identity: ProviderIdentity) async throws -> Bool {
        guard identity.avatarURL != nil else { return false }
        let userID = try await documents.database.read { executor in
            try await socialAccounts.account(id: identity.socialAccountID, executor: executor)?.userID
        }
        guard let userID else { return true }
        return try await accounts.profile(of: userID).map(Self.hasDefaultAvatar) ?? false
    }

    func logIn(_ identity: ProviderIdentity, avatar: String?) async throws -> LoginResult {
        enum Found: Sendable { case result(LoginResult), noAccount }
        let email = identity.email ?? identity.fallbackEmail
        let found: Found = try await documents.write { writer in
            let now = writer.store.clock.now
            if let social = try await socialAccounts.account(id: identity.socialAccountID, executor: writer.executor) {
                try await socialAccounts.refresh(identity, at: now, executor: writer.executor)
                let exists = try await fillProfile(of: social.userID, from: identity, avatar: avatar, writer: writer)
                return .result(exists ? .signedIn(userID: social.userID, isNewUser: false) : .userMissing)
            }
            guard let account = try await account(email: email, executor: writer.executor) else { return .noAccount }
            let mayTakeOver = identity.emailIsVerified ? true : try await isUnreachable(account, executor: writer.executor)
            guard mayTakeOver else { return .result(.emailExists(email)) }
            guard try await fillProfile(of: account.userID, from: identity, avatar: avatar, writer: writer) else {
                return .result(.userMissing)
            }
            _ = try await socialAccounts.link(identity, to: account.userID, at: now, executor: writer.executor)
            return .result(.signedIn(userID: account.userID, isNewUser: false))
        }
        if case .result(let result) = found { return result }
        return try await signUp(identity, email: email, avatar: avatar)
    }

    func link(_ identity: ProviderIdentity, to userID: String) async throws -> LinkResult {
        try await documents.write { writer in
            if let social = try await socialAccounts.account(id: identity.socialAccountID, executor: writer.executor) {
                return social.userID == userID ? .alreadyLinked : .linkedToAnotherUser
            }
            guard try await WishWithMeWriteContext(writer: writer).live(userID, in: .users) != nil else { return .userMissing }
            if try await socialAccounts.account(userID: userID, provider: identity.provider.rawValue, executor: writer.executor) != nil {
                return .alreadyLinked
            }
            _ = try await socialAccounts.link(identity, to: userID, at: writer.store.clock.now, executor: writer.executor)
            return .linked
        }
    }

    /// A new account without a password (spec §3.5 path 3, with a `user:{uuid}` id).
    private func signUp(_ identity: ProviderIdentity, email: String, avatar: String?) async throws -> LoginResult {
        let newUser = AccountStore.NewUser(
            email: email, passwordHash: nil, name: identity.name ?? identity.email ?? "User", locale: "en",
            avatar: avatar ?? DefaultAvatar.dataURL)
        // `nil`: another sign-in took the email since the check above.
        guard let user = try await accounts.create(newUser) else { return .emailExists(email) }
        // Should this fail, the account is left without a way in, and the next sign-in of
        // this identity adopts it (see `isUnreachable`).
        let owner = try await documents.write { writer in
            _ = try await socialAccounts.link(identity, to: user.id, at: writer.store.clock.now, executor: writer.executor)
            return try await socialAccounts.account(id: identity.socialAccountID, executor: writer.executor)?.userID
        }
        guard let owner else { return .userMissing }
        return .signedIn(userID: owner, isNewUser: owner == user.id)
    }

    /// Fills only what the user never set: an empty name, the default avatar (§8.28).
    /// `false` when the user document does not exist.
    private func fillProfile(of userID: String, from identity: ProviderIdentity, avatar: String?, writer: DocumentWriter) async throws
        -> Bool
    {
        guard let stored = try await WishWithMeWriteContext(writer: writer).live(userID, in: .users) else { return false }
        var body = stored.data.objectValue ?? [:]
        var changed = false
        if let name = identity.name, (body["name"]?.stringValue ?? "").isEmpty {
            body["name"] = .string(name)
            changed = true
        }
        if let avatar, Self.hasDefaultAvatar(stored) {
            body["avatar_base64"] = .string(avatar)
            changed = true
        }
        guard changed else { return true }
        let now = writer.store.clock.now
        body["updated_at"] = .string(LegacyTimestamp.format(now))
        try await rules.save(
            DocumentWrite(id: userID, collection: "users", data: .object(body), access: [userID], clientUpdatedAt: now, author: userID),
            replacing: stored, writer: writer)
        return true
    }

    private static func hasDefaultAvatar(_ user: StoredDocument) -> Bool {
        let avatar = user.data["avatar_base64"]?.stringValue ?? ""
        return avatar.isEmpty || avatar == DefaultAvatar.dataURL
    }

    private struct AccountRow: Sendable {
        let userID: String
        let hasPassword: Bool
    }

    /// Read on the transaction's own executor, so the check sees what this write sees.
    private func account(email: String, executor: any SQLExecutor) async throws -> AccountRow? {
        try await executor.queryFirst("SELECT user_id, password_hash FROM wwm_accounts WHERE email = ?", [.text(email)]).map { row in
            AccountRow(userID: try row.string("user_id"), hasPassword: try row.optionalString("password_hash") != nil)
        }
    }

    /// An account nobody can sign in to — no password and no linked provider — is what an
    /// interrupted OAuth sign-up leaves behind; the identity with its email may take it.
    private func isUnreachable(_ account: AccountRow, executor: any SQLExecutor) async throws -> Bool {
        guard !account.hasPassword else { return false }
        return try await socialAccounts.accounts(userID: account.userID, executor: executor).isEmpty
    }
}
