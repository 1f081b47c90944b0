import HearthCore
import HearthStore

/// A signed-in browser: who, and the token its forms must carry (CSRF).
public struct WebSession: Sendable, Hashable {
    public let userID: String
    public let csrfToken: String
    public let createdAt: Timestamp
    let idHash: String
}

/// Browser sessions of one app (`hearth_web_sessions`), shared by every process: the
/// cookie holds a random token, the table only its hash. A session ends when it expires,
/// at logout, when the user changes their password, and when an operator disables the
/// account or ends its sessions (``AccountStates``), so it obeys the same rules as
/// access tokens.
public struct WebSessions: Sendable {
    public static let lifetimeSeconds: Int64 = 30 * 86_400
    public let app: String
    let database: any HearthDatabase
    let clock: any WallClock

    public init(app: String, database: any HearthDatabase, clock: any WallClock) {
        self.app = app
        self.database = database
        self.clock = clock
    }

    /// Opens a session; the returned token goes into the cookie and nowhere else.
    public func open(userID: String) async throws -> (token: String, session: WebSession) {
        let token = OpaqueToken.make()
        let now = clock.now
        let session = WebSession(userID: userID, csrfToken: OpaqueToken.make(), createdAt: now, idHash: OpaqueToken.hash(token))
        try await database.transaction { executor in
            try await AccountStates(database: database, clock: clock).requireEnabled(app: app, userID: userID, status: .forbidden, in: executor)
            try await executor.execute(
                """
                INSERT INTO hearth_web_sessions (id_hash, app, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
                """,
                [.text(session.idHash), .text(app), .text(userID), .text(session.csrfToken), SQLValue(now),
                 SQLValue(now.adding(seconds: Self.lifetimeSeconds))])
        }
        return (token, session)
    }

    /// The live session of a cookie's token, or `nil` (unknown, expired, ended).
    public func session(token: String) async throws -> WebSession? {
        guard !token.isEmpty, token.utf8.count <= 128 else { return nil }
        return try await database.read { executor in
            guard let row = try await executor.queryFirst(
                "SELECT user_id, csrf_token, created_at FROM hearth_web_sessions WHERE id_hash = ? AND app = ? AND expires_at > ?",
                [.text(OpaqueToken.hash(token)), .text(app), SQLValue(clock.now)])
            else { return nil }
            let session = WebSession(
                userID: try row.string("user_id"), csrfToken: try row.string("csrf_token"), createdAt: try row.timestamp("created_at"),
                idHash: OpaqueToken.hash(token))
            let state = try await AccountStates(database: database, clock: clock).state(app: app, userID: session.userID, in: executor)
            return state.isDisabled || state.hasEnded(sessionStartedAt: session.createdAt) ? nil : session
        }
    }

    public func close(_ session: WebSession) async throws {
        try await database.transaction { executor in
            try await executor.execute("DELETE FROM hearth_web_sessions WHERE id_hash = ?", [.text(session.idHash)])
        }
    }

    /// Ends every session of `userID` but `keeping` (the browser that changed the password).
    public func closeAll(userID: String, keeping: WebSession? = nil) async throws {
        try await database.transaction { executor in
            try await executor.execute(
                "DELETE FROM hearth_web_sessions WHERE app = ? AND user_id = ? AND id_hash <> ?",
                [.text(app), .text(userID), .text(keeping?.idHash ?? "")])
        }
    }

    /// Hourly housekeeping: forgets the expired sessions of every app.
    public static func forgetExpired(database: any HearthDatabase, clock: any WallClock) async throws {
        try await database.transaction { executor in
            try await executor.execute("DELETE FROM hearth_web_sessions WHERE expires_at <= ?", [SQLValue(clock.now)])
        }
    }
}
