import HearthCore
import HearthStore

/// Token buckets in PostgreSQL, shared by every process of the database: one call of
/// `hearth_rate_limit_take` (see ``RateLimitMigrations``) refills, spends and stores a
/// bucket under its row lock, in one round trip and one autocommitted statement.
///
/// The time is the calling process's clock; a process whose clock runs behind cannot move
/// a bucket's time backwards.
public struct PostgresRateLimitStore: RateLimitStore {
    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func take(_ key: String, cost: Double, rule: RateLimitRule, now: Timestamp) async throws -> Double {
        let row = try await database.read { executor in
            try await executor.queryFirst(
                "SELECT hearth_rate_limit_take(?, ?, ?, ?, ?) AS available",
                [.text(key), SQLValue(rule.limit), .integer(rule.windowMilliseconds), SQLValue(now), .real(cost)])
        }
        guard case .real(let available) = row?["available"] else {
            throw StoreError.unexpectedValue(column: "available", expected: "a number")
        }
        return available
    }

    public func forgetFullBuckets(now: Timestamp) async throws {
        try await database.read { executor in
            try await executor.execute("DELETE FROM hearth_rate_limits WHERE full_at <= ?", [SQLValue(now)])
        }
    }
}
