import JWTKit

/// The claims of an Apple identity token that Hearth reads.
struct AppleIdentityClaims: JWTPayload {
    enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case audience = "aud"
        case expires = "exp"
        case subject = "sub"
        case email
        case emailVerified = "email_verified"
        case nonce
    }

    var issuer: String
    var audience: AudienceClaim
    var expires: ExpirationClaim
    var subject: String
    var email: String?
    /// Apple sends a boolean or the strings "true"/"false"; ``BoolClaim`` reads both.
    var emailVerified: BoolClaim?
    var nonce: String?

    // Claims are checked by AppleKeySetVerifier against its injected clock and settings,
    // not here, where only the machine clock would be available.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
