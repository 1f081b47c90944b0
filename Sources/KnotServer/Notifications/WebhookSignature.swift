import Crypto
import HearthCore

/// The `Upstash-Signature` check of the compatibility webhooks (spec §9.4): an HS256 JWT
/// signed with the current or the next signing key, issued by `Upstash` for exactly this
/// URL, in its validity window, carrying the SHA-256 of the raw body.
///
/// With neither key configured every call is refused: the built-in scheduler calls the
/// handlers in process, so an open webhook would only be a way in.
struct WebhookSignature: Sendable {
    static let header = "Upstash-Signature"
    static let maxTokenBytes = 8 * 1024

    let keys: [String]

    init(currentKey: String?, nextKey: String?) {
        keys = [currentKey, nextKey].compactMap { $0 }.filter { !$0.isEmpty }
    }

    enum Failure: Error, Equatable {
        case notConfigured, missing, malformed, badSignature, wrongClaims, expired, bodyMismatch
    }

    /// - Parameters:
    ///   - url: the full URL the request was sent to (the token's `sub`).
    ///   - now: seconds since 1970.
    func verify(_ token: String?, url: String, body: [UInt8], now: Int64) throws(Failure) {
        guard !keys.isEmpty else { throw .notConfigured }
        guard let token, !token.isEmpty else { throw .missing }
        guard token.utf8.count <= Self.maxTokenBytes else { throw .malformed }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Self.json(parts[0]), header["alg"]?.stringValue == "HS256",
            let signature = Base64URL.decode(parts[2]), let claims = Self.json(parts[1])
        else { throw .malformed }
        let signed = Array("\(parts[0]).\(parts[1])".utf8)
        guard keys.contains(where: { key in
            HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signed, using: SymmetricKey(data: Array(key.utf8)))
        }) else { throw .badSignature }
        guard claims["iss"]?.stringValue == "Upstash", claims["sub"]?.stringValue == url, claims["jti"]?.stringValue != nil,
            let expires = claims["exp"]?.intValue, let notBefore = claims["nbf"]?.intValue, claims["iat"]?.intValue != nil
        else { throw .wrongClaims }
        guard now < expires, now >= notBefore else { throw .expired }
        guard let claimed = claims["body"]?.stringValue,
            Self.unpadded(claimed) == Base64URL.encode(Array(SHA256.hash(data: body)))
        else { throw .bodyMismatch }
    }

    private static func json(_ part: Substring) -> JSONValue? {
        guard let bytes = Base64URL.decode(part) else { return nil }
        return try? JSONParser(limits: .init(maxBytes: maxTokenBytes, maxDepth: 8, maxStringBytes: maxTokenBytes)).parse(bytes)
    }

    /// QStash may pad its base64url; the comparison ignores trailing `=`.
    private static func unpadded(_ text: String) -> String {
        var result = text
        while result.hasSuffix("=") { result.removeLast() }
        return result
    }
}
