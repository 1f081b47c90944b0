import HearthCore
import HearthServer
import HearthStore

/// One emailed sign-in proof (`knot_auth_one_time_tokens`): the link token (only its
/// SHA-256 is stored) and the short code (only its keyed hash), both for one address.
struct OneTimeToken: Sendable, Hashable {
    /// `signup`, `magiclink`, `recovery` or `email_change`.
    var type: String
    var userID: String?
    /// The address the mail went to (the new address of an email change).
    var email: String
    var redirectTo: String?
    var challenge: PKCEChallenge?
}

/// Issues and consumes one-time tokens. Both proofs of one mail are single-use, live
/// ``lifetimeSeconds`` and are replaced by the next mail to the same address.
struct OneTimeTokenStore: Sendable {
    /// Link tokens of a PKCE flow start with this (GoTrue does the same), so
    /// `GET /verify` knows to answer with `?code=` instead of tokens in the fragment.
    static let pkcePrefix = "pkce_"

    let keys: KnotAuthKeys
    let codeLength: Int
    let lifetimeSeconds: Int64

    struct Issued: Sendable, Hashable {
        var linkToken: String
        var code: String
    }

    /// The types a `POST /verify` `type` accepts (GoTrue: `email` takes the confirmation
    /// or the magic-link/recovery token).
    static func acceptedTypes(for requested: String) -> [String]? {
        switch requested {
        case "signup": ["signup"]
        case "magiclink": ["magiclink"]
        case "recovery": ["recovery"]
        case "email_change": ["email_change"]
        case "invite": ["invite"]
        case "email": ["signup", "magiclink", "recovery"]
        default: nil
        }
    }

    func issue(_ token: OneTimeToken, now: Timestamp, in executor: any SQLExecutor) async throws -> Issued {
        // A new mail makes older unused proofs for the address worthless.
        try await executor.execute(
            "DELETE FROM knot_auth_one_time_tokens WHERE email = ? AND consumed_at IS NULL", [.text(token.email)])
        let issued = Issued(linkToken: (token.challenge == nil ? "" : Self.pkcePrefix) + OpaqueToken.make(), code: Self.code(length: codeLength))
        try await executor.execute(
            """
            INSERT INTO knot_auth_one_time_tokens (id, user_id, token_type, link_token_hash, otp_hash, email, redirect_to,
                code_challenge, code_challenge_method, created_at, expires_at, consumed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
            """,
            [
                .text(AuthIDs.make()), SQLValue(token.userID), .text(token.type), .text(OpaqueToken.hash(issued.linkToken)),
                .text(keys.codeHash(issued.code, email: token.email)), .text(token.email), SQLValue(token.redirectTo),
                SQLValue(token.challenge?.challenge), SQLValue(token.challenge?.method.rawValue), SQLValue(now),
                SQLValue(now.adding(seconds: lifetimeSeconds)),
            ])
        return issued
    }

    /// Uses up the token of a mail link, if it is valid, unused, unexpired and of one of `types`.
    func consume(linkToken: String, types: [String], now: Timestamp, in executor: any SQLExecutor) async throws -> OneTimeToken? {
        try await consume(where: "link_token_hash = ?", [.text(OpaqueToken.hash(linkToken))], types: types, now: now, in: executor)
    }

    /// Uses up the token whose code `code` was mailed to `email`.
    func consume(email: String, code: String, types: [String], now: Timestamp, in executor: any SQLExecutor) async throws -> OneTimeToken? {
        try await consume(where: "email = ? AND otp_hash = ?", [.text(email), .text(keys.codeHash(code, email: email))], types: types, now: now, in: executor)
    }

    private func consume(
        where condition: String, _ arguments: [SQLValue], types: [String], now: Timestamp, in executor: any SQLExecutor
    ) async throws -> OneTimeToken? {
        guard !types.isEmpty else { return nil }
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let rows = try await executor.query(
            """
            UPDATE knot_auth_one_time_tokens SET consumed_at = ?
            WHERE \(condition) AND consumed_at IS NULL AND expires_at > ? AND token_type IN (\(placeholders))
            RETURNING token_type, user_id, email, redirect_to, code_challenge, code_challenge_method
            """, [SQLValue(now)] + arguments + [SQLValue(now)] + types.map { .text($0) })
        guard let row = rows.first else { return nil }
        var challenge: PKCEChallenge?
        if let text = try row.optionalString("code_challenge"),
            let method = try row.optionalString("code_challenge_method").flatMap(PKCEChallenge.Method.init(rawValue:))
        {
            challenge = PKCEChallenge(challenge: text, method: method)
        }
        return OneTimeToken(
            type: try row.string("token_type"), userID: try row.optionalString("user_id"), email: try row.string("email"),
            redirectTo: try row.optionalString("redirect_to"), challenge: challenge)
    }

    /// `length` uniformly random decimal digits.
    static func code(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in Character(String(UInt8.random(in: 0...9, using: &generator))) })
    }
}
