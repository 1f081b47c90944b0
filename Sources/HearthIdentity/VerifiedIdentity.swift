/// Who a verified identity token names.
public struct VerifiedIdentity: Sendable, Hashable {
    /// The issuer the token came from (`https://appleid.apple.com`, …).
    public var issuer: String
    /// The provider's stable user id (`sub`).
    public var subject: String
    /// The token's address, trimmed; `nil` when absent or blank (Apple sends it only on
    /// the first authorisation).
    public var email: String?
    /// Only a verified address may link an existing account. Read from a boolean or the
    /// strings `"true"`/`"false"` (Apple sends both); absent means `false`.
    public var emailVerified: Bool

    public init(issuer: String, subject: String, email: String?, emailVerified: Bool) {
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
    }
}

/// Checks identity tokens an app received from a sign-in provider.
public protocol IdentityTokenVerifier: Sendable {
    /// The identity `identityToken` names; `nonce` is what the caller sent beside it,
    /// judged by the verifier's ``NoncePolicy``.
    func verify(identityToken: String, nonce: String?) async throws(IdentityTokenFailure) -> VerifiedIdentity
}
