import Foundation
import HearthCore
import JWTKit

/// The claims of a PantryPal bearer token. `id`, `email` and `householdId` are the
/// original's (the app treats the token as opaque; only `id` is used); `jti` names the
/// server-side session and `tv` the user's token version (W11).
struct PantryTokenClaims: JWTPayload, Hashable {
    var id: String
    var email: String
    var householdId: String?
    var iat: Int64
    var exp: Int64
    var jti: String
    var tv: Int64
    var iss: String
    var aud: String

    /// Checked by ``PantryTokens/verify(_:)`` against the injected clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Signs and checks PantryPal tokens: HS256 only, with Hearth's issuer and this app's
/// audience, keyed by the app's own signing key (never a built-in secret, W10).
struct PantryTokens: Sendable {
    enum Failure: Error, Sendable, Equatable {
        case invalid
        case expired
    }

    static let issuer = "hearth"
    static let audience = "pantrypal"
    /// The original app's tokens: 30 days, sliding (W11).
    static let longLifetimeSeconds: Int64 = 30 * 86_400
    /// Hearth's own clients: 15 minutes plus a rotating refresh token (decision §8.6).
    static let shortLifetimeSeconds: Int64 = 15 * 60
    /// A long-lived token older than this is replaced through `X-Refreshed-Token`.
    static let slideAfterSeconds: Int64 = 7 * 86_400

    private let keyRing: KeyRing
    let clock: any WallClock

    init(key: [UInt8], clock: any WallClock) {
        self.keyRing = KeyRing(key: key)
        self.clock = clock
    }

    /// Holds the app's one HS256 key, added to jwt-kit's collection on first use (adding is
    /// async, and routes are built synchronously).
    private actor KeyRing {
        let key: [UInt8]
        private var collection: JWTKeyCollection?

        init(key: [UInt8]) { self.key = key }

        func keys() async -> JWTKeyCollection {
            if let collection { return collection }
            let keys = JWTKeyCollection()
            await keys.add(hmac: HMACKey(from: key), digestAlgorithm: .sha256)
            collection = keys
            return keys
        }
    }

    private func keys() async -> JWTKeyCollection { await keyRing.keys() }

    func issue(for user: UserRecord, sessionID: String, lifetimeSeconds: Int64) async throws -> String {
        let now = clock.now.millisecondsSince1970 / 1000
        return try await keys().sign(PantryTokenClaims(
            id: user.id, email: user.email, householdId: user.householdID, iat: now, exp: now + lifetimeSeconds,
            jti: sessionID, tv: user.tokenVersion, iss: Self.issuer, aud: Self.audience))
    }

    func verify(_ token: String) async throws(Failure) -> PantryTokenClaims {
        let claims: PantryTokenClaims
        do {
            claims = try await keys().verify(token, as: PantryTokenClaims.self)
        } catch {
            throw .invalid
        }
        guard claims.iss == Self.issuer, claims.aud == Self.audience else { throw .invalid }
        guard clock.now.millisecondsSince1970 / 1000 < claims.exp else { throw .expired }
        return claims
    }
}
