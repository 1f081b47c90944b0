import CryptoExtras
import Foundation
import HearthCore
import JWTKit
import Synchronization

/// An RSA signing key standing in for one of Apple's, with its key id.
struct AppleTestKey: Sendable {
    let keyID: String
    let privateKey: JWTKit.Insecure.RSA.PrivateKey

    init(keyID: String) throws {
        self.keyID = keyID
        privateKey = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    }

    /// This key's public half as a JWKS entry, the way Apple publishes it.
    func jwk() throws -> JSONValue {
        let (modulus, exponent) = try privateKey.publicKey.getKeyPrimitives()
        return [
            "kty": "RSA", "kid": .string(keyID), "use": "sig", "alg": "RS256", "n": .string(Self.base64URL(modulus)),
            "e": .string(Self.base64URL(exponent)),
        ]
    }

    /// `claims` signed RS256 with this key, `kid` naming `keyID` unless told otherwise.
    func sign(_ claims: [String: JSONValue], kid: String? = nil) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(rsa: privateKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid ?? keyID))
        return try await keys.sign(TestClaims(fields: claims), kid: JWKIdentifier(string: kid ?? keyID))
    }

    static func jwks(_ keys: [AppleTestKey]) throws -> String {
        JSONValue.object(["keys": .array(try keys.map { try $0.jwk() })]).serializedString()
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Arbitrary claims, so tests can send shapes a well-typed payload could not.
struct TestClaims: JWTPayload {
    var fields: [String: JSONValue]

    init(fields: [String: JSONValue]) { self.fields = fields }

    init(from decoder: any Decoder) throws {
        fields = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// The JWKS a fake Apple serves; tests swap it to simulate key rotation or an outage.
final class PublishedKeys: Sendable {
    private let state: Mutex<(body: String, failing: Bool)>

    init(_ keys: [AppleTestKey]) throws { state = Mutex((try AppleTestKey.jwks(keys), false)) }

    func publish(_ keys: [AppleTestKey]) throws {
        let body = try AppleTestKey.jwks(keys)
        state.withLock { $0 = (body, false) }
    }

    func fail() { state.withLock { $0.failing = true } }

    var answer: FakeAnswer {
        state.withLock { $0.failing ? .json(#"{"error":"unavailable"}"#, status: .serviceUnavailable) : .json($0.body) }
    }
}
