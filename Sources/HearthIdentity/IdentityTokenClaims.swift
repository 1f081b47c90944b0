import JWTKit

/// The claims of an OpenID Connect identity token that Hearth reads.
struct IdentityTokenClaims: JWTPayload {
    enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case audience = "aud"
        case expires = "exp"
        case issuedAt = "iat"
        case subject = "sub"
        case email
        case emailVerified = "email_verified"
        case nonce
    }

    var issuer: String
    var audience: AudienceClaim
    var expires: ExpirationClaim
    var issuedAt: IssuedAtClaim?
    var subject: String?
    var email: String?
    /// Apple sends a boolean or the strings "true"/"false"; ``BoolClaim`` reads both.
    var emailVerified: BoolClaim?
    var nonce: String?

    // Claims are checked by OpenIDConnectVerifier against its injected clock and settings,
    // not here, where only the machine clock would be available.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
