import HearthCore
import HearthServer
import HearthStore

/// Accounts: credentials in `wwm_accounts` (never synced, never in a document), the
/// profile in the user's synced document. Emails are stored lower-cased and unique.
struct AccountStore: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules

    struct Account: Sendable {
        let userID: String
        let email: String
        let passwordHash: String?
    }

    struct NewUser: Sendable {
        var email: String
        var passwordHash: String?
        var name: String
        var locale: String
        var avatar: String = DefaultAvatar.dataURL
    }

    /// Creates the account and its user document together; `nil` when the email is taken.
    func create(_ user: NewUser) async throws -> StoredDocument? {
        let email = user.email.lowercased()
        return try await documents.write { writer in
            guard try await account(email: email, executor: writer.executor) == nil else { return nil }
            let userID = WishWithMeCollection.users.makeID()
            let now = writer.store.clock.now
            try await writer.executor.execute(
                "INSERT INTO wwm_accounts (user_id, email, password_hash, created_at) VALUES (?, ?, ?, ?)",
                [.text(userID), .text(email), SQLValue(user.passwordHash), SQLValue(now)])
            let stamp = LegacyTimestamp.format(now)
            let body: JSONValue = [
                "type": "user", "email": .string(email), "name": .string(user.name), "avatar_base64": .string(user.avatar),
                "bio": .null, "public_url_slug": .null, "locale": .string(user.locale), "birthday": .null,
                "social_links": .null, "created_at": .string(stamp), "updated_at": .string(stamp),
            ]
            return try await rules.save(
                DocumentWrite(id: userID, collection: "users", data: body, access: [userID], clientUpdatedAt: now, author: userID),
                replacing: nil, writer: writer)
        }
    }

    func account(email: String) async throws -> Account? {
        try await documents.database.read { executor in try await account(email: email.lowercased(), executor: executor) }
    }

    func account(userID: String) async throws -> Account? {
        try await documents.database.read { executor in
            try await executor.queryFirst(
                "SELECT user_id, email, password_hash FROM wwm_accounts WHERE user_id = ?", [.text(userID)]
            ).map(Self.account(row:))
        }
    }

    func updatePasswordHash(_ hash: String, userID: String) async throws {
        try await documents.database.transaction { executor in
            try await executor.execute("UPDATE wwm_accounts SET password_hash = ? WHERE user_id = ?", [.text(hash), .text(userID)])
        }
    }

    /// The live user document of `userID`.
    func profile(of userID: String) async throws -> StoredDocument? {
        try await documents.fetch(userID).flatMap { $0.isLive(in: .users) ? $0 : nil }
    }

    private func account(email: String, executor: any SQLExecutor) async throws -> Account? {
        try await executor.queryFirst(
            "SELECT user_id, email, password_hash FROM wwm_accounts WHERE email = ?", [.text(email)]
        ).map(Self.account(row:))
    }

    private static func account(row: SQLRow) throws -> Account {
        Account(userID: try row.string("user_id"), email: try row.string("email"), passwordHash: try row.optionalString("password_hash"))
    }
}
