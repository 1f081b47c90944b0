import Crypto
import Foundation
import HearthCore

/// Development and test tokens (spec §2.2): HMAC-SHA256 with a configured secret; `exp` in
/// the future, `iat` at most 60 s ahead, `sub` 1–128 characters; `iss`/`aud` only when
/// configured. Works offline.
public struct HS256TokenVerifier: TokenVerifier {
    struct Header: Decodable {
        var alg: String
    }

    struct Claims: Decodable {
        var sub: String?
        var exp: Int64?
        var iat: Int64?
        var iss: String?
        var aud: [String]
        var email: String?
        var name: String?

        enum CodingKeys: String, CodingKey { case sub, exp, iat, iss, aud, email, name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sub = try container.decodeIfPresent(String.self, forKey: .sub)
            exp = try container.decodeIfPresent(Int64.self, forKey: .exp)
            iat = try container.decodeIfPresent(Int64.self, forKey: .iat)
            iss = try container.decodeIfPresent(String.self, forKey: .iss)
            email = try container.decodeIfPresent(String.self, forKey: .email)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            if let single = try? container.decodeIfPresent(String.self, forKey: .aud) {
                aud = [single]
            } else {
                aud = try container.decodeIfPresent([String].self, forKey: .aud) ?? []
            }
        }
    }

    static let allowedClockSkewSeconds: Int64 = 60
    static let maxTokenBytes = 16 * 1024

    private let key: SymmetricKey
    private let clock: any WallClock
    let issuer: String?
    let audience: String?

    public init(secret: [UInt8], issuer: String? = nil, audience: String? = nil, clock: any WallClock) {
        key = SymmetricKey(data: secret)
        self.clock = clock
        self.issuer = issuer
        self.audience = audience
    }

    public func verify(_ token: String) async throws(TokenRejection) -> VerifiedCaller {
        guard token.utf8.count <= Self.maxTokenBytes else { throw .malformed }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Self.base64URLDecoded(parts[0]), let payload = Self.base64URLDecoded(parts[1]),
            let signature = Self.base64URLDecoded(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: headerData)
        else { throw .malformed }
        guard header.alg == "HS256" else { throw .badSignature }
        let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key) else { throw .badSignature }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: payload) else { throw .malformed }
        let now = clock.now.millisecondsSince1970 / 1000
        guard let expires = claims.exp else { throw .malformed }
        guard now < expires else { throw .expired }
        if let issuedAt = claims.iat, issuedAt > now + Self.allowedClockSkewSeconds { throw .issuedInTheFuture }
        if let issuer, claims.iss != issuer { throw .wrongIssuer }
        if let audience, !claims.aud.contains(audience) { throw .wrongAudience }
        let subject = try TokenRejection.checkSubject(claims.sub)
        return VerifiedCaller(userID: subject, email: claims.email ?? "", name: claims.name ?? "")
    }

    static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
