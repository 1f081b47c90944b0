import HearthCore

/// How many requests a key may make: `limit` per `windowSeconds`, refilled continuously
/// (a token bucket that holds at most `limit` tokens).
public struct RateLimitRule: Sendable, Hashable {
    public let limit: Int
    public let windowSeconds: Int

    public init(limit: Int, windowSeconds: Int) {
        self.limit = max(1, limit)
        self.windowSeconds = max(1, windowSeconds)
    }

    public var windowMilliseconds: Int64 { Int64(windowSeconds) * 1000 }
    public var tokensPerMillisecond: Double { Double(limit) / Double(windowMilliseconds) }

    /// The tokens of a bucket that held `tokens` at `updated`, refilled until `now`.
    public func refilled(_ tokens: Double, since updated: Timestamp, now: Timestamp) -> Double {
        let elapsed = Double(max(0, now.millisecondsSince1970 - updated.millisecondsSince1970))
        return min(Double(limit), tokens + elapsed * tokensPerMillisecond)
    }

    /// When a bucket holding `tokens` at `now` is full again (and carries no information).
    public func fullAt(tokens: Double, now: Timestamp) -> Timestamp {
        let missing = max(0, Double(limit) - tokens)
        return now.adding(milliseconds: Int64((missing / tokensPerMillisecond).rounded(.up)))
    }

    /// Whole seconds until a bucket holding `available` tokens has one.
    func secondsUntilOneToken(available: Double) -> Int {
        let waitMilliseconds = max(0, 1 - available) / tokensPerMillisecond
        return max(1, Int((waitMilliseconds / 1000).rounded(.up)))
    }
}
