import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Synchronization
import Testing

/// A runner with several workers runs jobs side by side, so one slow job does not hold up
/// the queue.
@Suite struct JobWorkersTests {
    /// Jobs that each finish only once `count` of them have started: they can all succeed
    /// only if they run at the same time (one after another, the first times out).
    static func rendezvous(count: Int, arrivals: Arrivals) -> JobDefinition {
        JobDefinition(kind: "rendezvous", maxAttempts: 1, timeout: .seconds(60)) { _ in
            arrivals.arrive()
            while arrivals.count < count { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    final class Arrivals: Sendable {
        private let value = Mutex(0)
        var count: Int { value.withLock { $0 } }
        func arrive() { value.withLock { $0 += 1 } }
    }

    @Test(arguments: TestEngine.available)
    func jobsRunSideBySideUpToTheWorkerCount(engine: TestEngine) async throws {
        let clock = SystemWallClock()
        try await TestDatabase.with(engine, migrations: HearthPlatform.platformMigrations) { database in
            let arrivals = Arrivals()
            let runner = JobRunner(
                database: database, definitions: [JobRunner.key(app: "tests", kind: "rendezvous"): Self.rendezvous(count: 3, arrivals: arrivals)],
                clock: clock, metrics: ServerMetrics(), pollInterval: .milliseconds(20), workers: 3, logger: .quietTestLogger)
            var ids: [String] = []
            for _ in 0..<3 {
                ids.append(try await database.transaction { executor in
                    try await JobQueue(app: "tests", clock: clock).enqueue(kind: "rendezvous", payload: [:], maxAttempts: 1, in: executor)
                })
            }
            let running = Task { try await runner.run() }
            var statuses: [String] = []
            for _ in 0..<3000 {
                statuses = try await database.read { executor in
                    try await executor.query("SELECT status FROM hearth_jobs ORDER BY id", []).map { try $0.string("status") }
                }
                if statuses.allSatisfy({ $0 == "done" || $0 == "failed" }) { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            running.cancel()
            try? await running.value
            #expect(statuses == ["done", "done", "done"])
            #expect(arrivals.count == 3)
        }
    }
}
