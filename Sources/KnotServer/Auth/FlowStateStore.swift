import HearthCore
import HearthStore

/// A PKCE flow between `GET /verify` and the `pkce` grant (`knot_auth_flow_state`): the
/// auth code the browser was sent to the app with, valid ``lifetimeSeconds`` and once.
struct FlowStateStore: Sendable {
    static let lifetimeSeconds: Int64 = 300

    enum Exchange: Sendable {
        case notFound
        case expired
        case badVerifier
        case exchanged(userID: String, method: String)
    }

    /// Starts a flow for `userID`; returns its auth code.
    func start(
        userID: String, challenge: PKCEChallenge, method: String, now: Timestamp, in executor: any SQLExecutor
    ) async throws -> String {
        let code = AuthIDs.make()
        try await executor.execute(
            """
            INSERT INTO knot_auth_flow_state (id, auth_code, user_id, code_challenge, code_challenge_method, authentication_method,
                created_at, expires_at, consumed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)
            """,
            [
                .text(AuthIDs.make()), .text(code), .text(userID), .text(challenge.challenge), .text(challenge.method.rawValue),
                .text(method), SQLValue(now), SQLValue(now.adding(seconds: Self.lifetimeSeconds)),
            ])
        return code
    }

    /// Trades `authCode` and its verifier for the flow's user; a flow is deleted once
    /// exchanged (and when found expired).
    func exchange(authCode: String, verifier: String, now: Timestamp, in executor: any SQLExecutor) async throws -> Exchange {
        guard
            let row = try await executor.queryFirst(
                """
                SELECT id, user_id, code_challenge, code_challenge_method, authentication_method, expires_at
                FROM knot_auth_flow_state WHERE auth_code = ? AND consumed_at IS NULL
                """, [.text(authCode.lowercased())])
        else { return .notFound }
        let id = try row.string("id")
        guard now < (try row.timestamp("expires_at")) else {
            try await executor.execute("DELETE FROM knot_auth_flow_state WHERE id = ?", [.text(id)])
            return .expired
        }
        guard let method = PKCEChallenge.Method(rawValue: try row.string("code_challenge_method")),
            PKCEChallenge(challenge: try row.string("code_challenge"), method: method).isSatisfied(by: verifier)
        else { return .badVerifier }
        let deleted = try await executor.query("DELETE FROM knot_auth_flow_state WHERE id = ? RETURNING id", [.text(id)])
        guard !deleted.isEmpty else { return .notFound }
        return .exchanged(userID: try row.string("user_id"), method: try row.string("authentication_method"))
    }
}
