import HearthCore
import Synchronization

/// Signs APNs provider tokens: returns the raw 64-byte ES256 signature (r‖s) of `input`
/// with the team's `.p8` P-256 key.
public protocol APNsTokenSigning: Sendable {
    func signature(for input: [UInt8]) throws -> [UInt8]
}

/// The provider token (JWT) APNs requests carry, reused while young.
///
/// APNs refuses tokens older than an hour and also refuses tokens renewed more often than
/// every 20 minutes (`TooManyProviderTokenUpdates`), so a token is renewed once it is
/// ``refreshInterval`` (50 minutes) old; after APNs refuses one (``tokenRefused(_:)``) it
/// is renewed at the next use, but never before it is ``minimumLifetime`` (20 minutes) old.
public final class APNsProviderTokenCache: Sendable {
    public static let refreshInterval: Int64 = 3000
    public static let minimumLifetime: Int64 = 1200

    private struct Issued {
        var token: String
        var issuedAt: Timestamp
        var refused = false
    }

    public let keyID: String
    public let teamID: String
    private let signer: any APNsTokenSigning
    private let clock: any WallClock
    private let current = Mutex<Issued?>(nil)

    public init(keyID: String, teamID: String, signer: any APNsTokenSigning, clock: any WallClock = SystemWallClock()) {
        self.keyID = keyID
        self.teamID = teamID
        self.signer = signer
        self.clock = clock
    }

    /// The token to send now, signing a new one when due.
    public func token() throws -> String {
        let now = clock.now
        return try current.withLock { issued in
            if let cached = issued {
                let age = (now.millisecondsSince1970 - cached.issuedAt.millisecondsSince1970) / 1000
                let due = age >= Self.refreshInterval || (cached.refused && age >= Self.minimumLifetime)
                if !due { return cached.token }
            }
            let input = APNs.providerTokenSigningInput(keyID: keyID, teamID: teamID, issuedAt: now)
            let token = input + "." + APNs.base64URL(try signer.signature(for: Array(input.utf8)))
            issued = Issued(token: token, issuedAt: now)
            return token
        }
    }

    /// Notes that APNs refused `token` (`ExpiredProviderToken`, `InvalidProviderToken`).
    public func tokenRefused(_ token: String) {
        current.withLock { issued in
            if issued?.token == token { issued?.refused = true }
        }
    }
}
