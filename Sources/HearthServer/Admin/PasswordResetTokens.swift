import Crypto
import Foundation
import HearthCore
import HearthStore

/// One-time password reset links (`hearth_password_resets`): random tokens stored only as
/// SHA-256 hashes, each good for one use before it expires. A new link of an account
/// replaces its earlier ones, and setting a password by any path voids them all.
public struct PasswordResetTokens: Sendable {
    /// A day: enough to reach the person, short enough that an old mail is harmless.
    public static let defaultLifetimeSeconds: Int64 = 86_400

    public struct Issued: Sendable, Hashable {
        /// The token itself; only its hash is stored.
        public let token: String
        public let expiresAt: Timestamp
    }

    public let database: any HearthDatabase
    public let clock: any WallClock
    public let lifetimeSeconds: Int64

    public init(database: any HearthDatabase, clock: any WallClock, lifetimeSeconds: Int64 = Self.defaultLifetimeSeconds) {
        self.database = database
        self.clock = clock
        self.lifetimeSeconds = lifetimeSeconds
    }

    /// A new token for `userID` of `app`; earlier unused ones of the account stop working.
    public func create(app: String, userID: String) async throws -> Issued {
        let token = OpaqueToken.make()
        let now = clock.now
        let expiresAt = now.adding(seconds: lifetimeSeconds)
        try await database.transaction { executor in
            try await executor.execute(
                "DELETE FROM hearth_password_resets WHERE app = ? AND user_id = ?", [.text(app), .text(userID)])
            try await executor.execute(
                "INSERT INTO hearth_password_resets (token_hash, app, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                [.text(Self.hash(token)), .text(app), .text(userID), SQLValue(now), SQLValue(expiresAt)])
        }
        return Issued(token: token, expiresAt: expiresAt)
    }

    /// The account a usable (unused, unexpired) token of `app` resets, without using it.
    public func account(of token: String, app: String) async throws -> String? {
        let now = clock.now
        return try await database.read { executor in
            try await executor.queryFirst(
                "SELECT user_id FROM hearth_password_resets WHERE token_hash = ? AND app = ? AND used_at IS NULL AND expires_at > ?",
                [.text(Self.hash(token)), .text(app), SQLValue(now)]
            )?.string("user_id")
        }
    }

    /// Uses the token up and returns its account; `nil` when it was unknown, expired or
    /// already used. Of two requests racing with one token, exactly one gets the account.
    public func consume(_ token: String, app: String) async throws -> String? {
        let now = clock.now
        return try await database.transaction { executor in
            try await executor.queryFirst(
                """
                UPDATE hearth_password_resets SET used_at = ?
                WHERE token_hash = ? AND app = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id
                """, [SQLValue(now), .text(Self.hash(token)), .text(app), SQLValue(now)]
            )?.string("user_id")
        }
    }

    /// Forgets every token of the account (its password was set another way, or it is
    /// being deleted).
    public func revokeAll(app: String, userID: String) async throws {
        try await database.transaction { executor in
            try await executor.execute("DELETE FROM hearth_password_resets WHERE app = ? AND user_id = ?", [.text(app), .text(userID)])
        }
    }

    /// Forgets tokens that expired more than a day ago (hourly housekeeping).
    public func forgetExpired() async throws {
        let cutoff = clock.now.adding(seconds: -86_400)
        try await database.transaction { executor in
            try await executor.execute("DELETE FROM hearth_password_resets WHERE expires_at < ?", [SQLValue(cutoff)])
        }
    }

    static func hash(_ token: String) -> String { OpaqueToken.hash(token) }
}
