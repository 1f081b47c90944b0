import Foundation
import HearthCore
import HearthStore

/// The accounts of one app in `hearth_accounts`. Emails are stored lower-cased and are
/// unique per app, so one address may hold an account in each app.
public struct PasswordAccountStore: Sendable {
    public let app: String
    public let database: any HearthDatabase
    public let clock: any WallClock

    public init(app: String, database: any HearthDatabase, clock: any WallClock) {
        self.app = app
        self.database = database
        self.clock = clock
    }

    /// Creates an account with a fresh user id; `nil` when the email is taken.
    public func create(email: String, passwordHash: String, name: String) async throws -> PasswordAccount? {
        let account = PasswordAccount(
            userID: UUID().uuidString.lowercased(), email: email.lowercased(), name: name, passwordHash: passwordHash,
            createdAt: clock.now)
        return try await database.transaction { executor in
            let inserted = try await executor.queryFirst(
                """
                INSERT INTO hearth_accounts (app, user_id, email, password_hash, name, created_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (app, email) DO NOTHING RETURNING user_id
                """,
                [
                    .text(app), .text(account.userID), .text(account.email), .text(passwordHash), .text(name),
                    SQLValue(account.createdAt),
                ])
            return inserted == nil ? nil : account
        }
    }

    public func account(email: String) async throws -> PasswordAccount? {
        try await first("email = ?", .text(email.lowercased()))
    }

    public func account(userID: String) async throws -> PasswordAccount? {
        try await first("user_id = ?", .text(userID))
    }

    public func updatePasswordHash(_ hash: String, userID: String) async throws {
        try await database.transaction { executor in
            try await executor.execute(
                "UPDATE hearth_accounts SET password_hash = ? WHERE app = ? AND user_id = ?", [.text(hash), .text(app), .text(userID)])
        }
    }

    private func first(_ condition: String, _ value: SQLValue) async throws -> PasswordAccount? {
        try await database.read { executor in
            try await executor.queryFirst(
                "SELECT user_id, email, name, password_hash, created_at FROM hearth_accounts WHERE app = ? AND \(condition)",
                [.text(app), value]
            ).map { row in
                PasswordAccount(
                    userID: try row.string("user_id"), email: try row.string("email"), name: try row.string("name"),
                    passwordHash: try row.string("password_hash"), createdAt: try row.timestamp("created_at"))
            }
        }
    }
}
