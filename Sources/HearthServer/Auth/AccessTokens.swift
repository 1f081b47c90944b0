import Foundation
import HearthCore
import JWTKit

/// The claims of a Hearth access token.
public struct AccessTokenClaims: JWTPayload, Hashable {
    /// The user id.
    public var sub: String
    /// The app the token was issued for; every other app rejects it.
    public var aud: String
    public var iat: Int64
    public var exp: Int64
    public var jti: String
    /// Always `"access"`, so a token of another kind can never pass as one.
    public var type: String
    /// When it was issued, to the millisecond (`iat` has whole seconds), so a session an
    /// operator ended a moment ago is told apart from one started a moment later. Absent
    /// from tokens of earlier versions.
    public var iatMs: Int64?

    enum CodingKeys: String, CodingKey {
        case sub, aud, iat, exp, jti, type
        case iatMs = "iat_ms"
    }

    /// When the token was issued (whole seconds for a token without `iat_ms`).
    public var issuedAt: Timestamp { Timestamp(millisecondsSince1970: iatMs ?? iat * 1000) }

    /// Expiry and audience are checked by ``AccessTokens/verify(_:audience:)`` against the
    /// injected clock, not here against the machine's.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Signs and checks HS256 access tokens with the server's signing secret.
public struct AccessTokens: Sendable {
    public enum Failure: Error, Sendable, Equatable {
        case malformedOrForged
        case expired
        case wrongAudience
        case wrongType
    }

    public let lifetimeSeconds: Int64
    private let keys: JWTKeyCollection
    private let clock: any WallClock

    public init(secret: [UInt8], lifetimeSeconds: Int64 = 15 * 60, clock: any WallClock) async {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        self.keys = keys
        self.lifetimeSeconds = lifetimeSeconds
        self.clock = clock
    }

    /// A signed token for `userID` in `audience` (the app's name).
    public func issue(userID: String, audience: String) async throws -> String {
        let now = clock.now.millisecondsSince1970
        let issuedAt = now / 1000
        let claims = AccessTokenClaims(
            sub: userID, aud: audience, iat: issuedAt, exp: issuedAt + lifetimeSeconds,
            jti: UUID().uuidString.lowercased(), type: "access", iatMs: now)
        return try await keys.sign(claims)
    }

    /// The claims of a valid, unexpired access token for `audience`.
    public func verify(_ token: String, audience: String) async throws(Failure) -> AccessTokenClaims {
        let claims: AccessTokenClaims
        do {
            claims = try await keys.verify(token, as: AccessTokenClaims.self)
        } catch {
            throw .malformedOrForged
        }
        guard claims.type == "access" else { throw .wrongType }
        guard ConstantTime.equal(claims.aud, audience) else { throw .wrongAudience }
        guard clock.now.millisecondsSince1970 / 1000 < claims.exp else { throw .expired }
        return claims
    }
}

/// Comparisons whose duration does not depend on where the inputs differ.
public enum ConstantTime {
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        equal(Array(lhs.utf8), Array(rhs.utf8))
    }

    public static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0 && lhs.count == rhs.count
    }
}
