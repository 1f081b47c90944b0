import CryptoExtras
import Foundation
import HearthCore
import Hummingbird
import JWTKit
import NIOCore

/// An RSA signing key standing in for one of an identity provider's (Apple's, Google's),
/// with its key id: signs id tokens and publishes itself as a JWKS, so sign-in tests run
/// the real verifier against a key set on loopback.
public struct IdentityProviderKey: Sendable {
    public let keyID: String
    public let privateKey: JWTKit.Insecure.RSA.PrivateKey

    public init(keyID: String) throws {
        self.keyID = keyID
        privateKey = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    }

    /// This key's public half as a JWKS entry, the way Apple and Google publish theirs.
    public func jwk() throws -> JSONValue {
        let (modulus, exponent) = try privateKey.publicKey.getKeyPrimitives()
        return [
            "kty": "RSA", "kid": .string(keyID), "use": "sig", "alg": "RS256", "n": .string(Self.base64URL(modulus)),
            "e": .string(Self.base64URL(exponent)),
        ]
    }

    /// A JWKS document with this key alone.
    public func jwks() throws -> String { try Self.jwks([self]) }

    public static func jwks(_ keys: [IdentityProviderKey]) throws -> String {
        JSONValue.object(["keys": .array(try keys.map { try $0.jwk() })]).serializedString()
    }

    /// `claims` signed RS256 with this key, the header's `kid` naming `keyID` unless told otherwise.
    public func sign(_ claims: [String: JSONValue], kid: String? = nil) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(rsa: privateKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid ?? keyID))
        return try await keys.sign(ArbitraryClaims(fields: claims), kid: JWKIdentifier(string: kid ?? keyID))
    }

    /// Serves this key's JWKS at `http://127.0.0.1:<port>/keys` while `body` runs.
    public func serve<T: Sendable>(_ body: @Sendable (_ url: String) async throws -> T) async throws -> T {
        let text = try jwks()
        let router = Router()
        router.get("keys") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)/keys") }
    }

    public static func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Claims of any shape, so tests can send what a well-typed payload could not.
public struct ArbitraryClaims: JWTPayload {
    public var fields: [String: JSONValue]

    public init(fields: [String: JSONValue]) { self.fields = fields }

    public init(from decoder: any Decoder) throws {
        fields = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
