import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636, S256): the verifier stays on the server, the
/// provider sees only its hash, so a stolen authorization code is useless on its own.
enum PKCE {
    /// 32 random bytes, URL-safe base64 without padding (43 characters).
    static func makeVerifier() -> String { RandomToken.make() }

    static func challenge(for verifier: String) -> String {
        RandomToken.base64URL(Array(SHA256.hash(data: Data(verifier.utf8))))
    }
}

/// Unguessable, URL-safe random strings: state ids, PKCE verifiers, nonces.
enum RandomToken {
    static func make(bytes count: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
