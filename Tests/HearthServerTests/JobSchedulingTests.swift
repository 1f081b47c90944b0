import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Synchronization
import Testing

/// The scheduler semantics apps build on: a job published once per key, a job due at a
/// chosen time, a per-kind retry delay, a hook after the last failed attempt, and the
/// cancellation of a user's queued jobs.
@Suite struct JobSchedulingTests {
    final class Calls: Sendable {
        let runs = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
    }

    static let migrations = HearthPlatform.migrations(of: [])

    func runner(_ database: any HearthDatabase, clock: any WallClock, calls: Calls, failing: Bool) -> JobRunner {
        let definition = JobDefinition(
            kind: "remind", maxAttempts: 3, retryDelay: { attempt in 30_000 * Int64(1 << (attempt - 1)) },
            onFinalFailure: { context, message in calls.failures.withLock { $0.append("\(context.payload["id"]?.stringValue ?? ""): \(message)") } },
            run: { context in
                calls.runs.withLock { $0.append(context.attempt) }
                if failing { throw Refused() }
            })
        return JobRunner(
            database: database, definitions: [JobRunner.key(app: "knot", kind: "remind"): definition], clock: clock,
            metrics: ServerMetrics(), logger: .quietTestLogger)
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "push service refused" }
    }

    func enqueue(_ database: any HearthDatabase, clock: any WallClock, key: String?, runAt: Timestamp, owner: String? = nil) async throws -> String {
        try await database.transaction { executor in
            try await JobQueue(app: "knot", clock: clock).enqueue(
                kind: "remind", payload: ["id": "n1"], runAt: runAt, dedupKey: key, owner: owner, maxAttempts: 3, in: executor)
        }
    }

    func jobCount(_ database: any HearthDatabase) async throws -> Int {
        try await database.read { try await $0.query("SELECT id FROM hearth_jobs", []).count }
    }

    @Test(arguments: TestEngine.available)
    func aSecondJobWithTheSameKeyIsTheFirstJob(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: Self.migrations) { database in
            let first = try await enqueue(database, clock: clock, key: "m1-7-2026-03-13", runAt: clock.now)
            let again = try await enqueue(database, clock: clock, key: "m1-7-2026-03-13", runAt: clock.now.adding(seconds: 60))
            let other = try await enqueue(database, clock: clock, key: "m1-3-2026-03-17", runAt: clock.now)
            let unkeyed = try await enqueue(database, clock: clock, key: nil, runAt: clock.now)
            let unkeyedAgain = try await enqueue(database, clock: clock, key: nil, runAt: clock.now)
            #expect(again == first)
            #expect(Set([first, other, unkeyed, unkeyedAgain]).count == 4)
            #expect(try await jobCount(database) == 4)
        }
    }

    @Test(arguments: TestEngine.available)
    func aJobWaitsUntilItsRunAt(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        let calls = Calls()
        try await TestDatabase.with(engine, migrations: Self.migrations) { database in
            let runner = runner(database, clock: clock, calls: calls, failing: false)
            _ = try await enqueue(database, clock: clock, key: "k", runAt: clock.now.adding(seconds: 3 * 86_400))
            #expect(try await runner.runDueJobs() == 0)
            clock.advance(seconds: 3 * 86_400 - 1)
            #expect(try await runner.runDueJobs() == 0)
            clock.advance(seconds: 1)
            #expect(try await runner.runDueJobs() == 1)
            #expect(calls.runs.withLock { $0 } == [1])
        }
    }

    @Test(arguments: TestEngine.available)
    func retriesWaitTheKindsDelayAndTheLastFailureRunsItsHook(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        let calls = Calls()
        try await TestDatabase.with(engine, migrations: Self.migrations) { database in
            let runner = runner(database, clock: clock, calls: calls, failing: true)
            let id = try await enqueue(database, clock: clock, key: "k", runAt: clock.now)
            #expect(try await runner.runDueJobs() == 1)
            clock.advance(seconds: 29)
            #expect(try await runner.runDueJobs() == 0)
            clock.advance(seconds: 1)
            #expect(try await runner.runDueJobs() == 1)
            #expect(calls.failures.withLock { $0 }.isEmpty)
            clock.advance(seconds: 59)
            #expect(try await runner.runDueJobs() == 0)
            clock.advance(seconds: 1)
            #expect(try await runner.runDueJobs() == 1)
            #expect(calls.runs.withLock { $0 } == [1, 2, 3])
            #expect(calls.failures.withLock { $0 } == ["n1: push service refused"])
            let status = try await database.read { try await $0.queryFirst("SELECT status FROM hearth_jobs WHERE id = ?", [.text(id)]) }
            #expect(try status?.string("status") == "failed")
        }
    }

    @Test(arguments: TestEngine.available)
    func cancellingAnOwnersQueuedJobsLeavesOtherOwnersJobsAlone(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        let calls = Calls()
        try await TestDatabase.with(engine, migrations: Self.migrations) { database in
            let runner = runner(database, clock: clock, calls: calls, failing: false)
            _ = try await enqueue(database, clock: clock, key: "a", runAt: clock.now.adding(seconds: 60), owner: "alice")
            _ = try await enqueue(database, clock: clock, key: "b", runAt: clock.now.adding(seconds: 60), owner: "alice")
            _ = try await enqueue(database, clock: clock, key: "c", runAt: clock.now.adding(seconds: 60), owner: "bob")
            let cancelled = try await database.transaction { executor in
                try await JobQueue(app: "knot", clock: clock).cancelQueued(owner: "alice", in: executor)
            }
            #expect(cancelled == 2)
            clock.advance(seconds: 60)
            #expect(try await runner.runDueJobs() == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func aLastAttemptThatDiedWithItsWorkerFailsAndRunsTheHookOnce(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        let calls = Calls()
        try await TestDatabase.with(engine, migrations: Self.migrations) { database in
            let runner = runner(database, clock: clock, calls: calls, failing: false)
            let id = try await enqueue(database, clock: clock, key: "k", runAt: clock.now)
            // Three workers claim it and die; each lease then expires.
            for _ in 1...3 {
                #expect(try await runner.claimNextJob() != nil)
                clock.advance(seconds: 3600)
            }
            #expect(try await runner.runDueJobs() == 0)
            #expect(calls.runs.withLock { $0 }.isEmpty)
            #expect(calls.failures.withLock { $0 } == ["n1: the worker stopped during the last attempt"])
            #expect(try await runner.runDueJobs() == 0)
            #expect(calls.failures.withLock { $0 }.count == 1)
            let status = try await database.read { try await $0.queryFirst("SELECT status FROM hearth_jobs WHERE id = ?", [.text(id)]) }
            #expect(try status?.string("status") == "failed")
        }
    }

    @Test(arguments: TestEngine.available)
    func aCancelledJobsKeyCanBePublishedAgain(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: Self.migrations) { database in
            let first = try await enqueue(database, clock: clock, key: "m1-7-2026-03-13", runAt: clock.now, owner: "alice")
            _ = try await database.transaction { try await JobQueue(app: "knot", clock: clock).cancelQueued(owner: "alice", in: $0) }
            let again = try await enqueue(database, clock: clock, key: "m1-7-2026-03-13", runAt: clock.now, owner: "alice")
            #expect(again != first)
            #expect(try await jobCount(database) == 2)
        }
    }
}
