import HearthCore
import HearthStore

/// PantryPal's hourly housekeeping: keeps the change log, idempotency keys and sessions
/// bounded (W1 retention, W5, W11):
/// log rows older than 90 days go, and each household remembers the newest `seq` and
/// time it dropped, so a client whose cursor or `since` is older is told to start over
/// instead of silently missing changes.
struct PantryHousekeeping: Sendable {
    static let logDays: Int64 = 90

    let database: any HearthDatabase
    let clock: any WallClock
    /// When this server process started. On SQLite only this process uses the database, so
    /// an idempotency key left "in flight" before it started belongs to a request that died
    /// with the previous process and is released at once (PostgreSQL may have other live
    /// processes, so there such keys wait out ``IdempotencyMiddleware/abandonedAfterSeconds``).
    let processStart: Timestamp

    func run() async throws {
        let now = clock.now
        let horizon = now.adding(seconds: -Self.logDays * 86_400)
        try await database.transaction { executor in
            try await executor.execute(
                """
                UPDATE pp_households SET
                    history_floor_seq = (SELECT MAX(l.seq) FROM pp_sync_log l WHERE l.household_id = pp_households.id AND l.server_ts < ?),
                    history_floor_ts = ?
                WHERE EXISTS (SELECT 1 FROM pp_sync_log l WHERE l.household_id = pp_households.id AND l.server_ts < ?)
                """,
                [.text(PantryTime.isoMillis(horizon)), .init(horizon), .text(PantryTime.isoMillis(horizon))])
            try await executor.execute("DELETE FROM pp_sync_log WHERE server_ts < ?", [.text(PantryTime.isoMillis(horizon))])
            try await executor.execute(
                "DELETE FROM pp_idempotency_keys WHERE created_at < ?", [.init(now.adding(seconds: -IdempotencyMiddleware.retentionSeconds))])
            if executor.dialect == .sqlite {
                try await executor.execute(
                    "DELETE FROM pp_idempotency_keys WHERE state = 'in_flight' AND created_at < ?", [.init(processStart)])
            }
            try await executor.execute(
                "DELETE FROM pp_sessions WHERE expires_at < ? OR revoked_at < ?",
                [.init(now.adding(seconds: -86_400)), .init(now.adding(seconds: -86_400))])
        }
    }
}
