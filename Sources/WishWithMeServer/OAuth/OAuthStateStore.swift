import HearthCore
import HearthStore

/// One OAuth flow in progress (spec §3.4 hardened): what it is for, where it ends, and
/// the secrets only the server may know. Its id is the opaque `state` the provider echoes.
struct OAuthState: Sendable, Hashable {
    enum Action: String, Sendable {
        /// Sign-in of an app or the PWA: tokens go to the callback URL.
        case login, link
        /// Sign-in from Hearth's own web pages: the browser that started it gets a session
        /// cookie, and no token ever appears in a URL.
        case webLogin = "web_login"
    }

    let id: String
    let provider: OAuthProviderSettings.Provider
    let action: Action
    /// The signed-in user a `link` flow adds the provider account to.
    let userID: String?
    let callbackURL: String
    let codeVerifier: String
    let nonce: String
    let expiresAt: Timestamp
}

/// Single-use flow records in `wwm_oauth_states`: a state is deleted by its first use, so
/// a replayed or forged `state` finds nothing.
struct OAuthStateStore: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    static let lifetimeSeconds: Int64 = 10 * 60

    func begin(
        provider: OAuthProviderSettings.Provider, action: OAuthState.Action, userID: String?, callbackURL: String
    ) async throws -> OAuthState {
        let now = clock.now
        let state = OAuthState(
            id: RandomToken.make(), provider: provider, action: action, userID: userID, callbackURL: callbackURL,
            codeVerifier: PKCE.makeVerifier(), nonce: RandomToken.make(bytes: 16),
            expiresAt: now.adding(seconds: Self.lifetimeSeconds))
        try await database.transaction { executor in
            // Abandoned flows never come back; sweeping them here keeps the table small.
            try await executor.execute("DELETE FROM wwm_oauth_states WHERE expires_at <= ?", [SQLValue(now)])
            try await executor.execute(
                """
                INSERT INTO wwm_oauth_states (id, provider, action, user_id, callback_url, code_verifier, nonce, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(state.id), .text(provider.rawValue), .text(action.rawValue), SQLValue(userID), .text(callbackURL),
                    .text(state.codeVerifier), .text(state.nonce), SQLValue(state.expiresAt),
                ])
        }
        return state
    }

    /// The flow `id` names, removed in the same statement so that only one caller ever
    /// gets it; `nil` when it is unknown, already used or expired.
    func consume(_ id: String) async throws -> OAuthState? {
        guard !id.isEmpty, id.utf8.count <= 128 else { return nil }
        let row = try await database.transaction { executor in
            try await executor.queryFirst(
                """
                DELETE FROM wwm_oauth_states WHERE id = ?
                RETURNING id, provider, action, user_id, callback_url, code_verifier, nonce, expires_at
                """, [.text(id)])
        }
        guard let row, let provider = OAuthProviderSettings.Provider(rawValue: try row.string("provider")),
            let action = OAuthState.Action(rawValue: try row.string("action"))
        else { return nil }
        let state = OAuthState(
            id: try row.string("id"), provider: provider, action: action, userID: try row.optionalString("user_id"),
            callbackURL: try row.string("callback_url"), codeVerifier: try row.string("code_verifier"),
            nonce: try row.string("nonce"), expiresAt: try row.timestamp("expires_at"))
        return clock.now < state.expiresAt ? state : nil
    }
}
