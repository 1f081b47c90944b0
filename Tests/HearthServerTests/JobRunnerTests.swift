import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

/// Durable jobs: run once on success, retried with backoff, failed after the last
/// attempt, and picked up again after a crash.
@Suite struct JobRunnerTests {
    /// A runner with the notes app's jobs, as a fresh process would start it.
    func makeRunner(_ database: any HearthDatabase, clock: any WallClock, leaseSeconds: Int64 = 300) async throws -> JobRunner {
        let app = NotesTestApp()
        let platform = try HearthPlatform(
            configuration: TestServer.testConfiguration(), database: database, available: [app],
            secret: Array(repeating: 1, count: 32), clock: clock, threadPool: .singleton, logger: .quietTestLogger)
        let jobs = app.jobs(services: await platform.services(for: app))
        let definitions = Dictionary(uniqueKeysWithValues: jobs.map { (JobRunner.key(app: app.name, kind: $0.kind), $0) })
        return JobRunner(
            database: database, definitions: definitions, clock: clock, metrics: ServerMetrics(), leaseSeconds: leaseSeconds,
            logger: .quietTestLogger)
    }

    func enqueue(_ database: any HearthDatabase, clock: any WallClock, payload: JSONValue) async throws -> String {
        try await database.transaction { executor in
            try await JobQueue(app: "notes", clock: clock).enqueue(kind: "log", payload: payload, maxAttempts: 3, in: executor)
        }
    }

    func state(_ database: any HearthDatabase, _ id: String) async throws -> (status: String, attempts: Int64, logged: Int) {
        try await database.read { executor in
            let job = try #require(try await executor.queryFirst("SELECT status, attempts FROM hearth_jobs WHERE id = ?", [.text(id)]))
            let logged = try await executor.query("SELECT attempt FROM notes_job_log WHERE job_id = ?", [.text(id)]).count
            return (try job.string("status"), try job.int("attempts"), logged)
        }
    }

    var migrations: [Migration] { HearthPlatform.migrations(of: [NotesTestApp()]) }

    @Test(arguments: TestEngine.available)
    func aJobRunsOnceAndIsMarkedDone(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: migrations) { database in
            let runner = try await makeRunner(database, clock: clock)
            let id = try await enqueue(database, clock: clock, payload: ["message": "hello"])
            #expect(try await runner.runDueJobs() == 1)
            #expect(try await runner.runDueJobs() == 0)
            let result = try await state(database, id)
            #expect(result.status == "done")
            #expect(result.logged == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func aFailingJobIsRetriedWithBackoffAndFailsAfterItsLastAttempt(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: migrations) { database in
            let runner = try await makeRunner(database, clock: clock)
            let id = try await enqueue(database, clock: clock, payload: ["fail_attempts": 5])
            #expect(try await runner.runDueJobs() == 1)
            #expect(try await state(database, id).status == "queued")
            // Not due again until its backoff has passed.
            #expect(try await runner.runDueJobs() == 0)
            clock.advance(seconds: 3)
            #expect(try await runner.runDueJobs() == 1)
            clock.advance(seconds: 1)
            #expect(try await runner.runDueJobs() == 0)
            clock.advance(seconds: 10)
            #expect(try await runner.runDueJobs() == 1)
            let final = try await state(database, id)
            #expect(final.status == "failed")
            #expect(final.attempts == 3)
            #expect(final.logged == 3)
        }
    }

    @Test(arguments: TestEngine.available)
    func aJobSucceedsOnARetry(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: migrations) { database in
            let runner = try await makeRunner(database, clock: clock)
            let id = try await enqueue(database, clock: clock, payload: ["fail_attempts": 1])
            _ = try await runner.runDueJobs()
            clock.advance(seconds: 5)
            _ = try await runner.runDueJobs()
            let result = try await state(database, id)
            #expect(result.status == "done")
            #expect(result.attempts == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func jobsSurviveARestartAndAnAbandonedClaimIsTakenOverAfterItsLease(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: migrations) { database in
            let crashed = try await makeRunner(database, clock: clock, leaseSeconds: 60)
            let abandoned = try await enqueue(database, clock: clock, payload: ["message": "in hand at the crash"])
            // The first process claims the job and dies before finishing it.
            #expect(try await crashed.claimNextJob() != nil)
            let waiting = try await enqueue(database, clock: clock, payload: ["message": "queued at the crash"])

            let restarted = try await makeRunner(database, clock: clock, leaseSeconds: 60)
            #expect(try await restarted.runDueJobs() == 1)
            #expect(try await state(database, waiting).status == "done")
            #expect(try await state(database, abandoned).status == "running")
            clock.advance(seconds: 61)
            #expect(try await restarted.runDueJobs() == 1)
            let recovered = try await state(database, abandoned)
            #expect(recovered.status == "done")
            #expect(recovered.attempts == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func aJobWhoseLastAttemptDiedWithItsWorkerIsFailedNotRetried(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: migrations) { database in
            let id = try await database.transaction { executor in
                try await JobQueue(app: "notes", clock: clock).enqueue(kind: "log", payload: [:], maxAttempts: 1, in: executor)
            }
            let crashed = try await makeRunner(database, clock: clock, leaseSeconds: 60)
            #expect(try await crashed.claimNextJob() != nil)
            clock.advance(seconds: 61)
            let restarted = try await makeRunner(database, clock: clock, leaseSeconds: 60)
            #expect(try await restarted.runDueJobs() == 0)
            let result = try await state(database, id)
            #expect(result.status == "failed")
            #expect(result.logged == 0)
        }
    }

    @Test func aJobEnqueuedThroughTheServerRunsInTheBackground() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let response = try await server.request(.POST, "/notes/jobs", json: ["message": "from a route"])
            let id = try #require(response.json["job"]?.stringValue)
            // A generous bound: it only matters when the job never runs.
            let deadline = ContinuousClock.now + .seconds(60)
            var status = ""
            while ContinuousClock.now < deadline {
                status = try await state(server.platform.database, id).status
                if status == "done" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(status == "done")
        }
    }
}
