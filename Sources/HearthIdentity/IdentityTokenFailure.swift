/// Why an OpenID Connect identity token was not accepted. Everything but
/// ``notConfigured`` and ``keysUnavailable`` means the token itself is bad (forged,
/// expired, for another app, or unreadable); the case says why, for logs and for APIs
/// (GoTrue's) that name the reason.
public enum IdentityTokenFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a compact JWS with a readable header, or far too long.
    case malformed
    /// Signed with anything but RS256, or without a key id.
    case unsupportedAlgorithm
    /// No published key has the token's key id, even after refetching the set.
    case unknownKey
    case badSignature
    /// The claims are not JSON of the expected types (an `exp` missing, say).
    case unreadableClaims
    case wrongIssuer
    case wrongAudience
    case expired
    case issuedInTheFuture
    case noSubject
    /// One of the token and the caller has a nonce and the other has none.
    case nonceMissing
    case nonceMismatch
    /// No audiences (client ids) are configured, so no token can be accepted.
    case notConfigured
    /// The provider's signing keys could not be fetched.
    case keysUnavailable

    /// Whether the token itself was refused (rather than the server being unable to check it).
    public var isInvalidToken: Bool {
        switch self {
        case .notConfigured, .keysUnavailable: false
        default: true
        }
    }

    public var description: String {
        switch self {
        case .malformed: "malformed token"
        case .unsupportedAlgorithm: "unsupported algorithm or no key id"
        case .unknownKey: "unknown key id"
        case .badSignature: "bad signature"
        case .unreadableClaims: "unreadable claims"
        case .wrongIssuer: "wrong issuer"
        case .wrongAudience: "wrong audience"
        case .expired: "expired"
        case .issuedInTheFuture: "issued in the future"
        case .noSubject: "no subject"
        case .nonceMissing: "nonce missing on one side"
        case .nonceMismatch: "nonce mismatch"
        case .notConfigured: "not configured"
        case .keysUnavailable: "signing keys unavailable"
        }
    }
}
