import HearthCore

/// Where the token buckets of every ``RateLimiter`` live.
///
/// On SQLite Hearth is one process and ``InMemoryRateLimitStore`` counts; on PostgreSQL,
/// where many processes serve one database, ``PostgresRateLimitStore`` counts in the
/// database so a limit means the same for one process or ten.
public protocol RateLimitStore: Sendable {
    /// Refills the bucket of `key` until `now`, then spends `cost` tokens from it when it
    /// holds at least that many (a negative cost gives tokens back, never above the limit;
    /// zero only looks). Returns the tokens the bucket held before spending.
    func take(_ key: String, cost: Double, rule: RateLimitRule, now: Timestamp) async throws -> Double

    /// Forgets buckets that are full again; they carry no information.
    func forgetFullBuckets(now: Timestamp) async throws
}
