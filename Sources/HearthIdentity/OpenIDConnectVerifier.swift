import AsyncHTTPClient
import Foundation
import HearthCore
import JWTKit
import NIOCore

/// Verifies OpenID Connect identity tokens (Sign in with Apple, Google) against the
/// provider's published keys: RS256 signature by a key of the JWKS, issuer among the
/// accepted ones, audience among the configured client ids, `exp` and `iat` on the
/// injected clock with a leeway, a subject, and the nonce by the configured policy.
public struct OpenIDConnectVerifier: IdentityTokenVerifier {
    public struct Configuration: Sendable, Hashable {
        public var keySetURL: String
        public var issuers: [String]
        /// The client ids a token may be for; empty disables the verifier.
        public var audiences: [String]
        public var nonce: NoncePolicy
        public var leewaySeconds: Int64 = 60
        public var keyCacheSeconds: Int64 = 3600
        /// Unknown key ids refetch the set at most this often.
        public var minimumRefetchSeconds: Int64 = 30
        public var timeout: TimeAmount = .seconds(5)

        public init(keySetURL: String, issuers: [String], audiences: [String], nonce: NoncePolicy) {
            self.keySetURL = keySetURL
            self.issuers = issuers
            self.audiences = audiences.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            self.nonce = nonce
        }

        /// Sign in with Apple.
        public static func apple(
            clientIDs: [String], keySetURL: String = "https://appleid.apple.com/auth/keys", issuer: String = "https://appleid.apple.com",
            nonce: NoncePolicy
        ) -> Configuration {
            Configuration(keySetURL: keySetURL, issuers: [issuer], audiences: clientIDs, nonce: nonce)
        }

        /// Sign in with Google (both issuer spellings Google uses).
        public static func google(
            clientIDs: [String], keySetURL: String = "https://www.googleapis.com/oauth2/v3/certs", nonce: NoncePolicy = .unchecked
        ) -> Configuration {
            Configuration(
                keySetURL: keySetURL, issuers: ["https://accounts.google.com", "accounts.google.com"], audiences: clientIDs, nonce: nonce)
        }
    }

    static let maxTokenBytes = 16 * 1024

    public let configuration: Configuration
    private let clock: any WallClock
    private let keySet: JSONWebKeySet

    public init(configuration: Configuration, http: HTTPClient, clock: any WallClock) {
        self.configuration = configuration
        self.clock = clock
        keySet = JSONWebKeySet(
            url: configuration.keySetURL, http: http, timeout: configuration.timeout, clock: clock,
            lifetimeSeconds: configuration.keyCacheSeconds, minimumRefetchSeconds: configuration.minimumRefetchSeconds)
    }

    public func verify(identityToken: String, nonce: String?) async throws(IdentityTokenFailure) -> VerifiedIdentity {
        guard !configuration.audiences.isEmpty else { throw .notConfigured }
        guard identityToken.utf8.count <= Self.maxTokenBytes, let header = CompactJWTHeader(token: identityToken) else { throw .malformed }
        guard header.algorithm == "RS256", let keyID = header.keyID, !keyID.isEmpty else { throw .unsupportedAlgorithm }
        let keys = try await keySet.keys(for: keyID)
        let claims: IdentityTokenClaims
        do {
            claims = try await keys.verify(identityToken, as: IdentityTokenClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .badSignature
        } catch {
            throw .unreadableClaims
        }
        try check(claims, nonce: nonce)
        let email = claims.email?.trimmingCharacters(in: .whitespacesAndNewlines)
        return VerifiedIdentity(
            issuer: claims.issuer, subject: claims.subject ?? "", email: email?.isEmpty == false ? email : nil,
            emailVerified: claims.emailVerified?.value ?? false)
    }

    private func check(_ claims: IdentityTokenClaims, nonce: String?) throws(IdentityTokenFailure) {
        guard configuration.issuers.contains(claims.issuer) else { throw .wrongIssuer }
        guard claims.audience.value.contains(where: configuration.audiences.contains) else { throw .wrongAudience }
        let now = clock.now.date
        let leeway = TimeInterval(configuration.leewaySeconds)
        guard now < claims.expires.value.addingTimeInterval(leeway) else { throw .expired }
        if let issuedAt = claims.issuedAt?.value, issuedAt > now.addingTimeInterval(leeway) { throw .issuedInTheFuture }
        guard let subject = claims.subject, !subject.isEmpty else { throw .noSubject }
        try configuration.nonce.check(tokenNonce: claims.nonce, callerNonce: nonce)
    }
}
