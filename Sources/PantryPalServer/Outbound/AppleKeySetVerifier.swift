import HearthIdentity
import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import JWTKit
import NIOCore

/// Verifies Sign in with Apple identity tokens against Apple's published keys (spec W14):
/// RS256 signature, issuer, audience among the configured client ids, expiry on the
/// injected clock, and the nonce when both the token and the caller have one.
struct AppleKeySetVerifier: AppleIdentityVerifier {
    static let maxTokenBytes = 16 * 1024

    let clientIDs: [String]
    let issuer: String
    private let clock: any WallClock
    private let keySet: AppleKeySet

    init(
        keySetURL: String = "https://appleid.apple.com/auth/keys", clientIDs: [String], issuer: String = "https://appleid.apple.com",
        http: HTTPClient, clock: any WallClock, timeout: TimeAmount = .seconds(5)
    ) {
        self.clientIDs = clientIDs.map(\.trimmed).filter { !$0.isEmpty }
        self.issuer = issuer
        self.clock = clock
        keySet = AppleKeySet(url: keySetURL, http: http, timeout: timeout, clock: clock)
    }

    func verify(identityToken: String, expectedNonce: String?) async throws(AppleSignInFailure) -> AppleIdentity {
        guard !clientIDs.isEmpty else { throw .notConfigured }
        guard identityToken.utf8.count <= Self.maxTokenBytes, let header = CompactJWTHeader(token: identityToken) else {
            throw .invalidToken("malformed token")
        }
        guard header.algorithm == "RS256" else { throw .invalidToken("unexpected algorithm \(header.algorithm.prefix(16))") }
        guard let keyID = header.keyID, !keyID.isEmpty else { throw .invalidToken("no key id") }
        let keys = try await keySet.keys(for: keyID)
        let claims: AppleIdentityClaims
        do {
            claims = try await keys.verify(identityToken, as: AppleIdentityClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .invalidToken("bad signature")
        } catch {
            throw .invalidToken("unreadable claims")
        }
        try check(claims, expectedNonce: expectedNonce)
        let email = claims.email?.trimmed
        return AppleIdentity(
            subject: claims.subject, email: email?.isEmpty == false ? email : nil, emailVerified: claims.emailVerified?.value ?? false)
    }

    private func check(_ claims: AppleIdentityClaims, expectedNonce: String?) throws(AppleSignInFailure) {
        guard claims.issuer == issuer else { throw .invalidToken("wrong issuer") }
        guard claims.audience.value.contains(where: clientIDs.contains) else { throw .invalidToken("wrong audience") }
        guard clock.now.date < claims.expires.value else { throw .invalidToken("expired") }
        guard !claims.subject.isEmpty else { throw .invalidToken("no subject") }
        if let nonce = claims.nonce, let expectedNonce, !Self.nonce(nonce, matches: expectedNonce) {
            throw .invalidToken("nonce mismatch")
        }
    }

    /// Apps usually hand Apple the SHA-256 hex of their raw nonce and keep the raw one, so
    /// the token's nonce may equal either the value the app sends or its hash.
    static func nonce(_ tokenNonce: String, matches expected: String) -> Bool {
        if tokenNonce == expected { return true }
        let hashed = SHA256.hash(data: Data(expected.utf8)).map { String(format: "%02x", $0) }.joined()
        return tokenNonce == hashed
    }
}
