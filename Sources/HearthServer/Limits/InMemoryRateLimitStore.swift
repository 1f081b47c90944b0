import HearthCore

/// Token buckets in this process's memory: right for one process (SQLite), wrong for
/// several sharing a database, which would each grant the whole limit.
public actor InMemoryRateLimitStore: RateLimitStore {
    private struct Bucket {
        var tokens: Double
        var updated: Timestamp
        var fullAt: Timestamp
    }

    private var buckets: [String: Bucket] = [:]
    private var takesSincePrune = 0

    public init() {}

    public func take(_ key: String, cost: Double, rule: RateLimitRule, now: Timestamp) -> Double {
        let stored = buckets[key]
        let available = stored.map { rule.refilled($0.tokens, since: $0.updated, now: now) } ?? Double(rule.limit)
        let remaining = cost <= 0 || available >= cost ? min(Double(rule.limit), available - cost) : available
        // A clock stepped back must not refill the same time twice.
        let at = max(stored?.updated ?? now, now)
        buckets[key] = Bucket(tokens: remaining, updated: at, fullAt: rule.fullAt(tokens: remaining, now: at))
        takesSincePrune += 1
        if takesSincePrune >= 1000 { forgetFullBuckets(now: now) }
        return available
    }

    /// Bounds memory under address churn.
    public func forgetFullBuckets(now: Timestamp) {
        takesSincePrune = 0
        buckets = buckets.filter { now < $0.value.fullAt }
    }
}
