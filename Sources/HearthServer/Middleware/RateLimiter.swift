import HearthCore
import Hummingbird

/// Token buckets keyed by a string (an address, an account): each key may spend `limit`
/// requests per `window`, refilled continuously. In memory, per process.
public actor RateLimiter {
    public enum Decision: Sendable, Equatable {
        case allowed
        case limited(retryAfterSeconds: Int)
    }

    private struct Bucket {
        var tokens: Double
        var updated: Timestamp
    }

    public let limit: Int
    public let windowSeconds: Int
    private let clock: any WallClock
    private var buckets: [String: Bucket] = [:]
    private var checksSincePrune = 0

    public init(limit: Int, windowSeconds: Int = 60, clock: any WallClock) {
        self.limit = max(1, limit)
        self.windowSeconds = max(1, windowSeconds)
        self.clock = clock
    }

    private var refillPerMillisecond: Double { Double(limit) / Double(windowSeconds * 1000) }

    /// Spends one request for `key`, or says how long until one is available.
    public func consume(_ key: String) -> Decision {
        let now = clock.now
        var bucket = refilled(buckets[key] ?? Bucket(tokens: Double(limit), updated: now), at: now)
        pruneOccasionally(now: now)
        guard bucket.tokens >= 1 else {
            buckets[key] = bucket
            let waitMilliseconds = (1 - bucket.tokens) / refillPerMillisecond
            return .limited(retryAfterSeconds: max(1, Int((waitMilliseconds / 1000).rounded(.up))))
        }
        bucket.tokens -= 1
        buckets[key] = bucket
        return .allowed
    }

    /// What ``consume(_:)`` would decide, without spending anything.
    public func check(_ key: String) -> Decision {
        let now = clock.now
        guard let stored = buckets[key] else { return .allowed }
        let bucket = refilled(stored, at: now)
        guard bucket.tokens < 1 else { return .allowed }
        let waitMilliseconds = (1 - bucket.tokens) / refillPerMillisecond
        return .limited(retryAfterSeconds: max(1, Int((waitMilliseconds / 1000).rounded(.up))))
    }

    private func refilled(_ bucket: Bucket, at now: Timestamp) -> Bucket {
        let elapsed = Double(max(0, now.millisecondsSince1970 - bucket.updated.millisecondsSince1970))
        return Bucket(tokens: min(Double(limit), bucket.tokens + elapsed * refillPerMillisecond), updated: now)
    }

    /// Full buckets carry no information; dropping them bounds memory under address churn.
    private func pruneOccasionally(now: Timestamp) {
        checksSincePrune += 1
        guard checksSincePrune >= 1000 else { return }
        checksSincePrune = 0
        buckets = buckets.filter { refilled($0.value, at: now).tokens < Double(limit) }
    }
}

/// The two throttles of auth routes: per client address (as middleware) and per account
/// (called by a handler once it knows the account, e.g. the email of a login).
public struct AuthThrottle: Sendable {
    public let perAddress: RateLimiter
    public let perAccount: RateLimiter

    public init(requestsPerMinutePerAddress: Int, requestsPerMinutePerAccount: Int, clock: any WallClock) {
        perAddress = RateLimiter(limit: requestsPerMinutePerAddress, clock: clock)
        perAccount = RateLimiter(limit: requestsPerMinutePerAccount, clock: clock)
    }

    /// Throws a 429 with `Retry-After` when `account` has used up its attempts.
    public func checkAccount(_ account: String, app: String) async throws {
        let key = "\(app)|\(account.lowercased())"
        if case .limited(let seconds) = await perAccount.consume(key) {
            throw APIError.rateLimited(retryAfterSeconds: seconds)
        }
    }

    /// Middleware throttling every request of a route group by client address.
    public func addressMiddleware(app: String) -> AuthAddressThrottleMiddleware {
        AuthAddressThrottleMiddleware(limiter: perAddress, app: app)
    }
}

public struct AuthAddressThrottleMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    let limiter: RateLimiter
    let app: String

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let key = "\(app)|\(context.clientAddress ?? "unknown")"
        if case .limited(let seconds) = await limiter.consume(key) {
            throw APIError.rateLimited(retryAfterSeconds: seconds)
        }
        return try await next(request, context)
    }
}
