/// Who an Apple identity token names, once verified (spec W14).
struct AppleIdentity: Sendable, Hashable {
    /// Apple's stable user id (`sub`).
    var subject: String
    var email: String?
    /// Only a verified token e-mail may link an existing account.
    var emailVerified: Bool
}

/// Why Sign in with Apple did not succeed.
enum AppleSignInFailure: Error, Sendable, Equatable {
    /// Forged, expired, meant for another app, or unreadable; the reason is for the log only.
    case invalidToken(String)
    /// No client ids are configured, so no token can be accepted.
    case notConfigured
    /// Apple's signing keys could not be fetched.
    case keysUnavailable
}

/// Checks identity tokens the app received from Sign in with Apple.
protocol AppleIdentityVerifier: Sendable {
    /// The identity in `identityToken`; `expectedNonce` is compared with the token's nonce when both exist.
    func verify(identityToken: String, expectedNonce: String?) async throws(AppleSignInFailure) -> AppleIdentity
}
