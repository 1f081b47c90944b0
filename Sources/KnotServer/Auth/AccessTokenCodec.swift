import Crypto
import Foundation
import HearthCore

/// What an access token says once its signature, expiry and audience checked out.
struct AccessTokenClaims: Sendable, Hashable {
    /// The user id (`sub`); empty for tokens that name no user (a service-role token).
    var subject: String
    var sessionID: String?
    var role: String?
    var expiresAt: Int64
}

/// Why a token was refused, with PostgREST's wording (research doc §8), which GoTrue's
/// `bad_jwt` messages also reuse.
enum AccessTokenFailure: Error, Sendable, Hashable {
    case malformed(String)
    case badSignature
    case expired
    case wrongAudience

    var message: String {
        switch self {
        case .malformed(let reason): reason
        case .badSignature: "JWT cryptographic operation failed"
        case .expired: "JWT expired"
        case .wrongAudience: "JWT not in audience"
        }
    }
}

/// GoTrue-shaped HS256 access tokens (research doc §4): header `{"alg":"HS256","typ":"JWT"}`,
/// claims `iss, sub, aud, exp, iat, email, phone, app_metadata, user_metadata, role, aal,
/// amr, session_id, is_anonymous`. Signed and checked here with swift-crypto's HMAC so
/// that expiry is judged on the injected clock and nothing but HS256 is ever accepted.
struct AccessTokenCodec: Sendable {
    static let audience = "authenticated"
    /// Tokens carry the user's metadata (at most 16 KiB), so they may be long, not huge.
    static let maxTokenBytes = 64 * 1024
    private static let header = Base64URL.encode(#"{"alg":"HS256","typ":"JWT"}"#.utf8)

    let key: SymmetricKey
    let issuer: String
    let lifetimeSeconds: Int64

    /// A signed access token of `session` for `user`, issued at `now`, and its expiry.
    func issue(user: AuthUser, session: AuthSession, now: Timestamp) -> (token: String, expiresAt: Int64) {
        let issuedAt = AuthTime.seconds(now)
        let expiresAt = issuedAt + lifetimeSeconds
        let claims: JSONValue = .object([
            "iss": .string(issuer), "sub": .string(user.id), "aud": .string(Self.audience), "exp": .int(expiresAt),
            "iat": .int(issuedAt), "email": .string(user.email ?? ""), "phone": "", "app_metadata": user.appMetadata,
            "user_metadata": user.userMetadata, "role": "authenticated", "aal": "aal1",
            "amr": .array(session.methods.map(\.json)), "session_id": .string(session.id), "is_anonymous": false,
        ])
        return (sign(claims), expiresAt)
    }

    /// Any claims signed with the key (tests and the service role use it).
    func sign(_ claims: JSONValue) -> String {
        let input = Self.header + "." + Base64URL.encode(claims.serialized())
        let signature = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: key)
        return input + "." + Base64URL.encode(signature)
    }

    /// The claims of `token` when it is an HS256 token signed with the key, unexpired at
    /// `now`, for the `authenticated` audience (or, with `anyAudience`, any).
    func verify(_ token: String, now: Timestamp, anyAudience: Bool = false) throws(AccessTokenFailure) -> AccessTokenClaims {
        guard token.utf8.count <= Self.maxTokenBytes else { throw .malformed("JWT is too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("Expected 3 parts in JWT; got \(parts.count)") }
        guard let headerBytes = Base64URL.decode(parts[0]), let header = try? Self.parser.parse(headerBytes),
            let algorithm = header["alg"]?.stringValue
        else { throw .malformed("JWT header is not valid base64url JSON") }
        guard algorithm == "HS256" else { throw .malformed("JWT algorithm \(algorithm.prefix(16)) is not supported") }
        guard let signature = Base64URL.decode(parts[2]),
            HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Array("\(parts[0]).\(parts[1])".utf8), using: key)
        else { throw .badSignature }
        guard let payloadBytes = Base64URL.decode(parts[1]), let claims = try? Self.parser.parse(payloadBytes), claims.objectValue != nil
        else { throw .malformed("JWT payload is not valid base64url JSON") }
        guard let expiresAt = claims["exp"]?.intValue else { throw .malformed("JWT has no expiry") }
        guard AuthTime.seconds(now) < expiresAt else { throw .expired }
        if !anyAudience {
            let audiences = claims["aud"]?.stringValue.map { [$0] } ?? claims["aud"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard audiences.contains(Self.audience) else { throw .wrongAudience }
        }
        return AccessTokenClaims(
            subject: claims["sub"]?.stringValue ?? "", sessionID: claims["session_id"]?.stringValue, role: claims["role"]?.stringValue,
            expiresAt: expiresAt)
    }

    private static let parser = JSONParser(limits: .init(maxBytes: maxTokenBytes, maxDepth: 16, maxStringBytes: maxTokenBytes))
}
