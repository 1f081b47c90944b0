import Crypto
import Foundation
import HearthCore
import HearthStore

/// Long-lived refresh tokens: random, stored only as SHA-256 hashes, rotated on every use.
///
/// Every token belongs to a family started at sign-in. Presenting a token that was already
/// rotated means it leaked (or a client misbehaved), so the whole family is revoked —
/// except that the most recently rotated token may be presented once more within
/// ``reuseGraceSeconds``: two concurrent refreshes from one device then both get a fresh
/// token of the same family instead of signing the device out. A second reuse is treated
/// as theft like any other, so the window cannot be used to mint tokens.
public struct RefreshTokens: Sendable {
    public enum Failure: Error, Sendable, Equatable {
        case unknown
        case expired
        case revoked
        /// An old token came back: the family is now revoked.
        case reused
    }

    public struct Rotation: Sendable, Hashable {
        public let userID: String
        public let token: String
    }

    public let database: any HearthDatabase
    public let clock: any WallClock
    public let lifetimeSeconds: Int64
    public let reuseGraceSeconds: Int64

    public init(database: any HearthDatabase, clock: any WallClock, lifetimeSeconds: Int64 = 30 * 86_400, reuseGraceSeconds: Int64 = 30) {
        self.database = database
        self.clock = clock
        self.lifetimeSeconds = lifetimeSeconds
        self.reuseGraceSeconds = min(reuseGraceSeconds, 30)
    }

    /// Starts a new family (a sign-in) and returns its first token. A disabled account
    /// gets its app's 403 "account disabled" error instead, however it signed in.
    public func issue(userID: String, app: String) async throws -> String {
        try await database.transaction { executor in
            try await states.requireEnabled(app: app, userID: userID, status: .forbidden, in: executor)
            return try await insertToken(userID: userID, app: app, family: UUID().uuidString.lowercased(), executor: executor)
        }
    }

    /// Exchanges `token` for a new one of the same family. A token of a disabled account
    /// gets its app's 401 "account disabled" error, not a ``Failure``.
    public func rotate(_ token: String, app: String) async throws -> Rotation {
        let outcome: Result<Rotation, Failure> = try await database.transaction { executor in
            let lock = executor.dialect == .postgres ? " FOR UPDATE" : ""
            guard let row = try await executor.queryFirst(
                "SELECT user_id, family_id, expires_at, rotated_at, revoked_at, grace_reuses FROM hearth_refresh_tokens WHERE token_hash = ? AND app = ?\(lock)",
                [.text(Self.hash(token)), .text(app)])
            else { return .failure(.unknown) }
            let now = clock.now
            let userID = try row.string("user_id")
            let family = try row.string("family_id")
            try await states.requireEnabled(app: app, userID: userID, status: .unauthorized, in: executor)
            if try row.optionalTimestamp("revoked_at") != nil { return .failure(.revoked) }
            if try row.timestamp("expires_at") <= now { return .failure(.expired) }
            if let rotatedAt = try row.optionalTimestamp("rotated_at") {
                let newest = try await executor.queryFirst(
                    "SELECT MAX(rotated_at) AS newest FROM hearth_refresh_tokens WHERE family_id = ?", [.text(family)]
                )?.optionalTimestamp("newest")
                let withinGrace = now.millisecondsSince1970 - rotatedAt.millisecondsSince1970 <= reuseGraceSeconds * 1000
                guard newest == rotatedAt, withinGrace, try row.int("grace_reuses") == 0 else {
                    try await revokeFamily(family, at: now, executor: executor)
                    return .failure(.reused)
                }
                try await executor.execute(
                    "UPDATE hearth_refresh_tokens SET grace_reuses = grace_reuses + 1 WHERE token_hash = ?",
                    [.text(Self.hash(token))])
            } else {
                try await executor.execute(
                    "UPDATE hearth_refresh_tokens SET rotated_at = ? WHERE token_hash = ?",
                    [SQLValue(now), .text(Self.hash(token))])
            }
            let next = try await insertToken(userID: userID, app: app, family: family, executor: executor)
            return .success(Rotation(userID: userID, token: next))
        }
        return try outcome.get()
    }

    /// Signs out the device that holds `token`: its whole family stops working.
    /// Unknown tokens are ignored, so logout is idempotent.
    public func revokeFamily(of token: String, app: String) async throws {
        try await database.transaction { executor in
            guard let row = try await executor.queryFirst(
                "SELECT family_id FROM hearth_refresh_tokens WHERE token_hash = ? AND app = ?",
                [.text(Self.hash(token)), .text(app)])
            else { return }
            try await revokeFamily(try row.string("family_id"), at: clock.now, executor: executor)
        }
    }

    /// Signs the user out everywhere (after a password change, for example).
    public func revokeAll(userID: String, app: String) async throws {
        try await database.transaction { executor in
            try await executor.execute(
                "UPDATE hearth_refresh_tokens SET revoked_at = ? WHERE app = ? AND user_id = ? AND revoked_at IS NULL",
                [SQLValue(clock.now), .text(app), .text(userID)])
        }
    }

    private var states: AccountStates { AccountStates(database: database, clock: clock) }

    private func revokeFamily(_ family: String, at now: Timestamp, executor: any SQLExecutor) async throws {
        try await executor.execute(
            "UPDATE hearth_refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL",
            [SQLValue(now), .text(family)])
    }

    private func insertToken(userID: String, app: String, family: String, executor: any SQLExecutor) async throws -> String {
        let token = OpaqueToken.make()
        let now = clock.now
        try await executor.execute(
            """
            INSERT INTO hearth_refresh_tokens (token_hash, app, user_id, family_id, issued_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [.text(Self.hash(token)), .text(app), .text(userID), .text(family), SQLValue(now), SQLValue(now.adding(seconds: lifetimeSeconds))])
        return token
    }

    /// Lookups go by this hash, so the stored value is useless to a database thief and no
    /// token text is ever compared byte by byte.
    static func hash(_ token: String) -> String { OpaqueToken.hash(token) }
}
