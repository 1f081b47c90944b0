/// Checks a bearer token and names its user (spec §2.2). One implementation per
/// `HEARTH_RD_AUTH` mode: ``HS256TokenVerifier``, ``FirebaseTokenVerifier``,
/// ``HearthAccessTokenVerifier``.
public protocol TokenVerifier: Sendable {
    func verify(_ token: String) async throws(TokenRejection) -> VerifiedCaller
}

/// Why a token was refused; every case becomes `UNAUTHENTICATED`.
public enum TokenRejection: Error, Sendable, Equatable {
    case malformed
    case badSignature
    case expired
    case issuedInTheFuture
    case wrongIssuer
    case wrongAudience
    case badSubject
    case keysUnavailable

    var message: String {
        switch self {
        case .malformed: "authorization: the token is malformed"
        case .badSignature: "authorization: the token's signature is not valid"
        case .expired: "authorization: the token has expired"
        case .issuedInTheFuture: "authorization: the token was issued in the future"
        case .wrongIssuer: "authorization: the token has the wrong issuer"
        case .wrongAudience: "authorization: the token has the wrong audience"
        case .badSubject: "authorization: the token has no usable subject"
        case .keysUnavailable: "authorization: the signing keys could not be loaded; try again"
        }
    }

    /// `sub` must be non-empty and at most 128 characters.
    static func checkSubject(_ subject: String?) throws(TokenRejection) -> String {
        guard let subject, !subject.isEmpty, subject.unicodeScalars.count <= 128 else { throw .badSubject }
        return subject
    }
}
