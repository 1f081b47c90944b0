import Crypto
import Foundation
import HearthCore
import HearthServer
import HearthStore

/// Server-side sessions behind every token (`pp_sessions`, W11): a token is valid only
/// while its session is unrevoked and unexpired and the user's token version matches.
/// Refreshable sessions also hold the hash of their current refresh token; presenting
/// the one before it (already rotated away) revokes the session as stolen.
struct SessionStore: Sendable {
    enum Failure: Error, Sendable, Equatable {
        case revoked
        case userNotFound
        /// The operator disabled the account (`hearth admin disable`).
        case disabled
    }

    struct Issued: Sendable {
        var token: String
        var refreshToken: String?
        var expiresIn: Int64
    }

    let database: any HearthDatabase
    let tokens: PantryTokens
    var clock: any WallClock { tokens.clock }

    /// A new session for `user`; refreshable ones get a 15-minute token and a refresh token.
    /// A disabled account gets a 403 instead, however it signed in.
    func open(for user: UserRecord, refreshable: Bool, device: String?, in executor: any SQLExecutor) async throws -> Issued {
        try await states.requireEnabled(app: PantryTokens.audience, userID: user.id, status: .forbidden, in: executor)
        let sessionID = UUID().uuidString.lowercased()
        let now = clock.now
        let refreshToken = refreshable ? Self.newRefreshToken() : nil
        try await executor.execute(
            """
            INSERT INTO pp_sessions (jti, user_id, created_at, expires_at, last_seen_at, device, refresh_hash)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(sessionID), .text(user.id), .init(now), .init(now.adding(seconds: PantryTokens.longLifetimeSeconds)), .init(now),
                .init(device.map { String($0.prefix(200)) }), .init(refreshToken.map(Self.hash)),
            ])
        let lifetime = refreshable ? PantryTokens.shortLifetimeSeconds : PantryTokens.longLifetimeSeconds
        let token = try await tokens.issue(for: user, sessionID: sessionID, lifetimeSeconds: lifetime)
        return Issued(token: token, refreshToken: refreshToken, expiresIn: lifetime)
    }

    /// Checks the session of valid claims; returns the user and when the session was
    /// last renewed or refreshed.
    func check(_ claims: PantryTokenClaims) async throws -> (user: UserRecord, lastSeen: Timestamp) {
        let now = clock.now
        return try await database.read { executor in
            guard let user = try await UserRecord.find(id: claims.id, in: executor) else { throw Failure.userNotFound }
            if try await states.state(app: PantryTokens.audience, userID: user.id, in: executor).isDisabled { throw Failure.disabled }
            guard user.tokenVersion == claims.tv,
                let session = try await executor.queryFirst(
                    "SELECT revoked_at, expires_at, last_seen_at FROM pp_sessions WHERE jti = ? AND user_id = ?",
                    [.text(claims.jti), .text(user.id)]),
                try session.optionalInt("revoked_at") == nil, now < (try session.timestamp("expires_at"))
            else { throw Failure.revoked }
            return (user, try session.timestamp("last_seen_at"))
        }
    }

    /// Extends a long-lived session by another 30 days and signs a fresh token for it.
    func slide(_ claims: PantryTokenClaims, user: UserRecord) async throws -> String {
        let now = clock.now
        try await database.transaction { executor in
            try await executor.execute(
                "UPDATE pp_sessions SET expires_at = ?, last_seen_at = ? WHERE jti = ?",
                [.init(now.adding(seconds: PantryTokens.longLifetimeSeconds)), .init(now), .text(claims.jti)])
        }
        return try await tokens.issue(for: user, sessionID: claims.jti, lifetimeSeconds: PantryTokens.longLifetimeSeconds)
    }

    /// Rotates a refresh token: a new token pair, or `nil` when the token is unknown,
    /// expired or revoked. A token that was already rotated away revokes its session.
    func refresh(_ refreshToken: String) async throws -> Issued? {
        let presented = Self.hash(refreshToken)
        let now = clock.now
        let next = Self.newRefreshToken()
        let outcome: (UserRecord, String)? = try await database.transaction { executor in
            if let stolen = try await executor.queryFirst("SELECT jti FROM pp_sessions WHERE previous_refresh_hash = ?", [.text(presented)]) {
                try await executor.execute("UPDATE pp_sessions SET revoked_at = ? WHERE jti = ?", [.init(now), .text(try stolen.string("jti"))])
                return nil
            }
            guard let session = try await executor.queryFirst(
                "SELECT jti, user_id, revoked_at, expires_at FROM pp_sessions WHERE refresh_hash = ?", [.text(presented)])
            else { return nil }
            // Before the revocation check: disabling revoked the session, and the answer
            // should say why.
            try await states.requireEnabled(app: PantryTokens.audience, userID: try session.string("user_id"), status: .unauthorized, in: executor)
            guard try session.optionalInt("revoked_at") == nil, now < (try session.timestamp("expires_at")),
                let user = try await UserRecord.find(id: try session.string("user_id"), in: executor)
            else { return nil }
            let sessionID = try session.string("jti")
            try await executor.execute(
                "UPDATE pp_sessions SET previous_refresh_hash = refresh_hash, refresh_hash = ?, last_seen_at = ?, expires_at = ? WHERE jti = ?",
                [.text(Self.hash(next)), .init(now), .init(now.adding(seconds: PantryTokens.longLifetimeSeconds)), .text(sessionID)])
            return (user, sessionID)
        }
        guard let (user, sessionID) = outcome else { return nil }
        let token = try await tokens.issue(for: user, sessionID: sessionID, lifetimeSeconds: PantryTokens.shortLifetimeSeconds)
        return Issued(token: token, refreshToken: next, expiresIn: PantryTokens.shortLifetimeSeconds)
    }

    func revoke(sessionID: String) async throws {
        let now = clock.now
        try await database.transaction { executor in
            try await executor.execute("UPDATE pp_sessions SET revoked_at = ? WHERE jti = ? AND revoked_at IS NULL", [.init(now), .text(sessionID)])
            // W21: a signed-out device stops receiving the household's notifications.
            try await executor.execute("DELETE FROM pp_device_tokens WHERE session_id = ?", [.text(sessionID)])
        }
    }

    /// Every token of the user stops working (their token version moves on).
    func revokeAll(userID: String) async throws {
        let now = clock.now
        try await database.transaction { executor in
            try await executor.execute("UPDATE pp_users SET token_version = token_version + 1 WHERE id = ?", [.text(userID)])
            try await executor.execute("UPDATE pp_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [.init(now), .text(userID)])
            try await executor.execute("DELETE FROM pp_device_tokens WHERE user_id = ?", [.text(userID)])
        }
    }

    /// What the operator decided about accounts; the app's name is its token audience.
    private var states: AccountStates { AccountStates(database: database, clock: clock) }

    static func newRefreshToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.map { String(format: "%02x", $0) }.joined()
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
