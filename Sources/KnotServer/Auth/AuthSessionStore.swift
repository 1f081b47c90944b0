import HearthCore
import HearthServer
import HearthStore

/// Sessions (`knot_auth_sessions`) and their rotating refresh tokens
/// (`knot_auth_refresh_tokens`, only the SHA-256 of a token is stored).
///
/// A refresh token is the HMAC of its row id (see ``KnotAuthKeys/refreshToken(forRow:)``),
/// so the server can hand out a session's current token again without ever storing it.
/// That is what the reuse rule of research doc §6 needs (GoTrue's v2 semantics):
///
/// - the session's active token → rotated: revoked, and a child issued;
/// - the immediate parent of the active token (a client whose answer was lost), or any
///   revoked token of the session within ``reuseIntervalSeconds`` of its last refresh
///   (concurrent refreshes) → the **current** active token again, no new child;
/// - any other revoked token → the whole session is deleted (reuse of a stolen token) and
///   the caller gets `refresh_token_already_used`;
/// - a token the server does not know (or whose session ended) → `refresh_token_not_found`.
struct AuthSessionStore: Sendable {
    let keys: KnotAuthKeys
    let reuseIntervalSeconds: Int64

    /// What presenting a refresh token led to.
    enum Refresh: Sendable {
        case issued(session: AuthSession, refreshToken: String)
        case notFound
        /// The token was reused outside the allowance; its session no longer exists.
        case alreadyUsed
    }

    /// Opens a session for `userID` authenticated by `method`, with its first refresh token.
    func open(
        userID: String, method: String, now: Timestamp, userAgent: String?, address: String?, in executor: any SQLExecutor
    ) async throws -> (AuthSession, String) {
        let session = AuthSession(id: AuthIDs.make(), userID: userID, methods: [AuthMethod(method: method, timestamp: AuthTime.seconds(now))])
        try await executor.execute(
            """
            INSERT INTO knot_auth_sessions (id, user_id, aal, amr, user_agent, ip, created_at, updated_at, refreshed_at, revoked_at)
            VALUES (?, ?, 'aal1', ?, ?, ?, ?, ?, NULL, NULL)
            """,
            [
                .text(session.id), .text(userID), SQLValue(json: .array(session.methods.map(\.json))),
                SQLValue(userAgent.map { String($0.prefix(512)) }), SQLValue(address), SQLValue(now), SQLValue(now),
            ])
        let token = try await issueToken(session: session.id, userID: userID, parent: nil, now: now, in: executor)
        return (session, token)
    }

    /// The session `id` of `userID` if it exists and was not revoked.
    func session(_ id: String, userID: String, in executor: any SQLExecutor) async throws -> AuthSession? {
        guard
            let row = try await executor.queryFirst(
                "SELECT id, user_id, amr FROM knot_auth_sessions WHERE id = ? AND user_id = ? AND revoked_at IS NULL",
                [.text(id), .text(userID)])
        else { return nil }
        return try Self.session(from: row)
    }

    /// Applies the rotation and reuse rules to `token` (see the type's documentation).
    func refresh(_ token: String, now: Timestamp, in executor: any SQLExecutor) async throws -> Refresh {
        guard
            let presented = try await executor.queryFirst(
                """
                SELECT t.id, t.session_id, t.user_id, t.revoked, s.amr, s.refreshed_at
                FROM knot_auth_refresh_tokens t JOIN knot_auth_sessions s ON s.id = t.session_id
                WHERE t.token_hash = ? AND s.revoked_at IS NULL
                """, [.text(OpaqueToken.hash(token))])
        else { return .notFound }
        let tokenID = try presented.string("id")
        let session = AuthSession(
            id: try presented.string("session_id"), userID: try presented.string("user_id"), methods: try Self.methods(presented))
        if try !presented.bool("revoked") {
            // Only one of two concurrent rotations of the same token gets the row; the other
            // sees it revoked below and is handed the winner's token.
            let claimed = try await executor.query(
                "UPDATE knot_auth_refresh_tokens SET revoked = 1, updated_at = ? WHERE id = ? AND revoked = 0 RETURNING id",
                [SQLValue(now), .text(tokenID)])
            if !claimed.isEmpty {
                try await executor.execute(
                    "UPDATE knot_auth_sessions SET refreshed_at = ?, updated_at = ? WHERE id = ?", [SQLValue(now), SQLValue(now), .text(session.id)])
                let child = try await issueToken(session: session.id, userID: session.userID, parent: tokenID, now: now, in: executor)
                return .issued(session: session, refreshToken: child)
            }
        }
        let refreshedAt = try await executor.queryFirst(
            "SELECT refreshed_at FROM knot_auth_sessions WHERE id = ?", [.text(session.id)])?.optionalTimestamp("refreshed_at")
        if let active = try await executor.queryFirst(
            "SELECT id, parent_id FROM knot_auth_refresh_tokens WHERE session_id = ? AND revoked = 0 ORDER BY created_at DESC, id LIMIT 1",
            [.text(session.id)])
        {
            let isParent = try active.optionalString("parent_id") == tokenID
            let isRecent = refreshedAt.map { now < $0.adding(seconds: reuseIntervalSeconds) } ?? false
            if isParent || isRecent {
                return .issued(session: session, refreshToken: keys.refreshToken(forRow: try active.string("id")))
            }
        }
        try await executor.execute("DELETE FROM knot_auth_sessions WHERE id = ?", [.text(session.id)])
        return .alreadyUsed
    }

    /// Ends sessions of `userID`: `global` all, `local` only `sessionID`, `others` all but it.
    func end(_ scope: LogoutScope, userID: String, sessionID: String?, in executor: any SQLExecutor) async throws {
        switch (scope, sessionID) {
        case (.local, let current?):
            try await executor.execute("DELETE FROM knot_auth_sessions WHERE id = ? AND user_id = ?", [.text(current), .text(userID)])
        case (.others, let current?):
            try await executor.execute("DELETE FROM knot_auth_sessions WHERE user_id = ? AND id <> ?", [.text(userID), .text(current)])
        default:
            // GoTrue: a token without a session id ends every session, whatever the scope.
            try await executor.execute("DELETE FROM knot_auth_sessions WHERE user_id = ?", [.text(userID)])
        }
    }

    private func issueToken(session: String, userID: String, parent: String?, now: Timestamp, in executor: any SQLExecutor) async throws -> String {
        let rowID = AuthIDs.make()
        let token = keys.refreshToken(forRow: rowID)
        try await executor.execute(
            """
            INSERT INTO knot_auth_refresh_tokens (id, token_hash, session_id, user_id, parent_id, revoked, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, 0, ?, ?)
            """,
            [.text(rowID), .text(OpaqueToken.hash(token)), .text(session), .text(userID), SQLValue(parent), SQLValue(now), SQLValue(now)])
        return token
    }

    static func session(from row: SQLRow) throws -> AuthSession {
        AuthSession(id: try row.string("id"), userID: try row.string("user_id"), methods: try methods(row))
    }

    private static func methods(_ row: SQLRow) throws -> [AuthMethod] {
        try row.json("amr").arrayValue?.compactMap(AuthMethod.init) ?? []
    }
}

/// The scopes of `POST /logout` (research doc §5.8).
enum LogoutScope: String, Sendable {
    case global, local, others
}
