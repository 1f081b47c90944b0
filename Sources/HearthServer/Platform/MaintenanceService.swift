import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Hourly housekeeping: purges expired sync history of every app with collections, runs
/// the apps' own ``Housekeeping`` and forgets finished jobs after a week.
public struct MaintenanceService: Service {
    public let database: any HearthDatabase
    public let documentStores: [DocumentStore]
    public let appHousekeeping: [Housekeeping]
    public let clock: any WallClock
    public let interval: Duration
    public let logger: Logger

    public init(
        database: any HearthDatabase, documentStores: [DocumentStore], appHousekeeping: [Housekeeping] = [], clock: any WallClock,
        interval: Duration = .seconds(3600), logger: Logger
    ) {
        self.database = database
        self.documentStores = documentStores
        self.appHousekeeping = appHousekeeping
        self.clock = clock
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                try await runOnce()
            } catch {
                logger.warning("maintenance failed; will retry", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    public func runOnce() async throws {
        for store in documentStores {
            let report = try await store.purgeExpiredHistory()
            if report.tombstones + report.removeEntries + report.appliedMutations > 0 {
                logger.info("purged expired sync history", metadata: ["app": "\(store.app)", "tombstones": "\(report.tombstones)", "horizon": "\(report.horizon)"])
            }
        }
        for task in appHousekeeping {
            do {
                try await task.run()
            } catch {
                logger.warning("housekeeping failed; will retry", metadata: ["task": "\(task.name)", "error": "\(error)"])
            }
        }
        let cutoff = SQLValue(clock.now.adding(seconds: -7 * 86_400))
        try await database.transaction { executor in
            try await executor.execute("DELETE FROM hearth_jobs WHERE status IN ('done', 'failed', 'cancelled') AND finished_at < ?", [cutoff])
        }
    }
}
