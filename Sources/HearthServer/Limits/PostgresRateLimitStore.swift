import HearthCore
import HearthStore
import Synchronization

/// Token buckets in PostgreSQL, shared by every process of the database: one call of
/// `hearth_rate_limit_take` (see ``RateLimitMigrations``) refills, spends and stores a
/// bucket under its row lock, in one round trip and one autocommitted statement.
///
/// The time is the calling process's clock (processes must agree on it, as with NTP); a
/// process whose clock runs behind cannot move a bucket's time backwards.
///
/// Full buckets are deleted in small batches, in the background every ``pruneEvery``
/// takes of this process and, until none is left, by the hourly maintenance; a flood of new keys (addresses,
/// guessed emails) never waits for one huge `DELETE`.
public final class PostgresRateLimitStore: RateLimitStore {
    let database: PostgresDatabase
    private let takes = Atomic<Int>(0)
    static let pruneEvery = 1000
    static let pruneBatch = 1000

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func take(_ key: String, cost: Double, rule: RateLimitRule, now: Timestamp) async throws -> Double {
        if takes.add(1, ordering: .relaxed).newValue % Self.pruneEvery == 0 {
            Task { _ = try? await self.pruneBatch(now: now) }  // beside the request, not in its way
        }
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
        while try await pruneBatch(now: now) == Self.pruneBatch {}
    }

    /// Deletes up to ``pruneBatch`` full buckets; returns how many.
    private func pruneBatch(now: Timestamp) async throws -> Int {
        try await database.read { executor in
            try await executor.query(
                "DELETE FROM hearth_rate_limits WHERE key IN (SELECT key FROM hearth_rate_limits WHERE full_at <= ? LIMIT ?) RETURNING 1",
                [SQLValue(now), SQLValue(Self.pruneBatch)]
            ).count
        }
    }
}
