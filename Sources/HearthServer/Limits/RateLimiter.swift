import Crypto
import HearthCore

/// One named limit (`pantrypal.failed-logins`, `wishwithme.auth-per-account`, …): each key
/// (an address, an account) may spend `rule.limit` requests per `rule.windowSeconds`.
///
/// Keys are stored as SHA-256 digests under the limiter's name, so two limiters never
/// share a bucket and no stored bucket reveals an email address or a token.
public struct RateLimiter: Sendable {
    public enum Decision: Sendable, Equatable {
        case allowed
        case limited(retryAfterSeconds: Int)
    }

    public let name: String
    public let rule: RateLimitRule
    public let store: any RateLimitStore
    let clock: any WallClock

    public init(name: String, rule: RateLimitRule, store: any RateLimitStore, clock: any WallClock) {
        self.name = name
        self.rule = rule
        self.store = store
        self.clock = clock
    }

    /// Spends one request for `key`, or says how long until one is available.
    public func consume(_ key: String) async throws -> Decision {
        decision(available: try await store.take(bucket(key), cost: 1, rule: rule, now: clock.now))
    }

    /// What ``consume(_:)`` would decide, without spending anything.
    public func check(_ key: String) async throws -> Decision {
        decision(available: try await store.take(bucket(key), cost: 0, rule: rule, now: clock.now))
    }

    private func decision(available: Double) -> Decision {
        available >= 1 ? .allowed : .limited(retryAfterSeconds: rule.secondsUntilOneToken(available: available))
    }

    /// Gives back a request spent by ``consume(_:)`` that turned out not to count (a
    /// login that succeeded after its attempt was reserved).
    public func refund(_ key: String) async throws {
        _ = try await store.take(bucket(key), cost: -1, rule: rule, now: clock.now)
    }

    private func bucket(_ key: String) -> String {
        name + ":" + SHA256.hash(data: Array(key.utf8)).hexString
    }
}
