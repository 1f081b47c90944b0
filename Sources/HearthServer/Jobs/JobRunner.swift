import HearthCore
import HearthStore
import Logging
import ServiceLifecycle
import Synchronization

/// Runs durable background jobs: at least once, retried with exponential backoff, and
/// picked up again after a crash once their lease runs out.
///
/// A job is claimed in a transaction (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so several
/// processes share the queue), run with a timeout, then marked `done`, re-queued for a
/// later try, or marked `failed` after its last attempt. Up to `workers` jobs run at once,
/// so one slow job (a shop page that takes a minute) does not hold up the rest. On graceful
/// shutdown the runner stops claiming and lets the jobs in hand finish.
public final class JobRunner: Service, Sendable {
    public let database: any HearthDatabase
    public let clock: any WallClock
    public let logger: Logger
    let metrics: ServerMetrics
    private let definitions: [String: JobDefinition]
    private let pollInterval: Duration
    private let leaseSeconds: Int64
    /// Jobs run at once by this process.
    private let workers: Int
    private let idleWorkers: Atomic<Int>
    private let signal: JobSignal
    private let isStopping = Atomic<Bool>(false)

    /// The key of a job kind in `definitions`: `"<app>/<kind>"`.
    public static func key(app: String, kind: String) -> String { "\(app)/\(kind)" }

    /// - Parameter definitions: keyed by ``key(app:kind:)``.
    public init(
        database: any HearthDatabase, definitions: [String: JobDefinition], clock: any WallClock, metrics: ServerMetrics,
        signal: JobSignal = JobSignal(), pollInterval: Duration = .seconds(1), leaseSeconds: Int64 = 300, workers: Int = 1,
        logger: Logger
    ) {
        self.workers = max(1, workers)
        self.idleWorkers = Atomic(max(1, workers))
        self.database = database
        self.definitions = definitions
        self.clock = clock
        self.metrics = metrics
        self.pollInterval = pollInterval
        self.leaseSeconds = leaseSeconds
        self.logger = logger
        self.signal = signal
    }

    public func run() async throws {
        let signal = signal
        let pollInterval = pollInterval
        try await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Turns the poll interval into wake-ups too.
                    while !Task.isCancelled {
                        try? await Task.sleep(for: pollInterval)
                        signal.wakeUp()
                    }
                }
                group.addTask { await self.dispatch() }
                // The dispatcher ends after shutdown, once the jobs in hand have finished.
                await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.isStopping.store(true, ordering: .relaxed)
            signal.finish()
        }
    }

    /// On every wake-up, claims due jobs while fewer than `workers` run, each in a task of
    /// its own; a finished job frees its worker and wakes the dispatcher again.
    private func dispatch() async {
        await withDiscardingTaskGroup { running in
            var pause = Duration.seconds(1)
            for await _ in signal.wakeUps {
                do {
                    while !isStopping.load(ordering: .relaxed), self.idleWorkers.load(ordering: .acquiring) > 0,
                        let job = try await claimNextJob()
                    {
                        self.idleWorkers.subtract(1, ordering: .acquiringAndReleasing)
                        running.addTask {
                            await self.execute(job)
                            self.idleWorkers.add(1, ordering: .acquiringAndReleasing)
                            self.signal.wakeUp()
                        }
                    }
                    pause = .seconds(1)
                } catch where Task.isCancelled {
                    break
                } catch {
                    // The database is away: say so, and ask less often while it stays away.
                    logger.error("job queue unavailable; retrying in \(pause)", metadata: ["error": "\(error)"])
                    let wait = pause
                    try? await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
                    pause = min(pause * 2, .seconds(60))
                }
            }
        }
    }

    /// Runs every job that is due now, one after another; returns how many ran.
    @discardableResult
    public func runDueJobs() async throws -> Int {
        var count = 0
        while !isStopping.load(ordering: .relaxed), let job = try await claimNextJob() {
            await execute(job)
            count += 1
        }
        return count
    }

    public struct ClaimedJob: Sendable {
        let context: JobContext
        let maxAttempts: Int
    }

    /// Claims the next due job without running it (a crashed worker leaves it claimed).
    public func claimNextJob() async throws -> ClaimedJob? {
        let now = clock.now
        let (claimed, abandoned) = try await database.transaction { executor -> (ClaimedJob?, [JobContext]) in
            // A job whose last attempt died with its worker is not tried again; its kind's
            // failure hook runs once the claim is committed.
            let abandoned = try await executor.query(
                """
                UPDATE hearth_jobs SET status = 'failed', finished_at = ?, locked_until = NULL,
                    last_error = 'the worker stopped during the last attempt'
                WHERE status = 'running' AND locked_until < ? AND attempts >= max_attempts
                RETURNING id, app, kind, payload, attempts
                """, [SQLValue(now), SQLValue(now)]
            ).map { row in
                JobContext(
                    id: try row.string("id"), app: try row.string("app"), kind: try row.string("kind"), payload: try row.json("payload"),
                    attempt: Int(try row.int("attempts")))
            }
            let skipLocked = executor.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
            guard let row = try await executor.queryFirst(
                """
                SELECT id, app, kind, payload, attempts, max_attempts FROM hearth_jobs
                WHERE (status = 'queued' AND run_at <= ?) OR (status = 'running' AND locked_until < ?)
                ORDER BY run_at LIMIT 1\(skipLocked)
                """, [SQLValue(now), SQLValue(now)])
            else { return (nil, abandoned) }
            let id = try row.string("id")
            let key = Self.key(app: try row.string("app"), kind: try row.string("kind"))
            // The lease outlasts the job's own timeout, so a slow attempt is never taken over.
            let timeoutSeconds = definitions[key].map { $0.timeout.components.seconds + 30 } ?? 0
            let leaseEnd = now.adding(seconds: max(leaseSeconds, timeoutSeconds))
            try await executor.execute(
                "UPDATE hearth_jobs SET status = 'running', attempts = attempts + 1, locked_until = ? WHERE id = ?",
                [SQLValue(leaseEnd), .text(id)])
            let context = JobContext(
                id: id, app: try row.string("app"), kind: try row.string("kind"), payload: try row.json("payload"),
                attempt: Int(try row.int("attempts")) + 1)
            return (ClaimedJob(context: context, maxAttempts: Int(try row.int("max_attempts"))), abandoned)
        }
        for context in abandoned { await runFailureHook(context, message: "the worker stopped during the last attempt") }
        return claimed
    }

    /// The kind's hook after its last attempt failed; its own errors are logged.
    private func runFailureHook(_ context: JobContext, message: String) async {
        guard let hook = definitions[Self.key(app: context.app, kind: context.kind)]?.onFinalFailure else { return }
        do {
            try await hook(context, message)
        } catch {
            logger.error("the job's failure handler failed", metadata: ["job": "\(context.id)", "error": "\(error)"])
        }
    }

    private func execute(_ job: ClaimedJob) async {
        let context = job.context
        let key = Self.key(app: context.app, kind: context.kind)
        var jobLogger = logger
        jobLogger[metadataKey: "job"] = .string(context.id)
        jobLogger[metadataKey: "kind"] = .string(key)
        do {
            guard let definition = definitions[key] else {
                throw JobFailure(message: "no handler is registered for \(key)")
            }
            try await withTimeout(definition.timeout) { try await definition.run(context) }
            try await finish(job, error: nil)
            metrics.recordJob(kind: key, outcome: "done")
        } catch {
            jobLogger.warning("job attempt failed", metadata: ["attempt": "\(context.attempt)", "error": "\(error)"])
            do {
                // Only the attempt that recorded the failure runs the hook.
                if try await finish(job, error: error), context.attempt >= job.maxAttempts {
                    await runFailureHook(context, message: String(describing: error))
                }
            } catch {
                jobLogger.error("could not record job failure; its lease will expire and it will run again", metadata: ["error": "\(error)"])
            }
            metrics.recordJob(kind: key, outcome: context.attempt >= job.maxAttempts ? "failed" : "retry")
        }
    }

    /// - Returns: whether this attempt still held the job (and so recorded the outcome).
    @discardableResult
    private func finish(_ job: ClaimedJob, error: (any Error)?) async throws -> Bool {
        let now = clock.now
        let definition = definitions[Self.key(app: job.context.app, kind: job.context.kind)]
        let id = SQLValue.text(job.context.id)
        // Only the worker holding this attempt may record its outcome.
        let owned = "id = ? AND status = 'running' AND attempts = \(job.context.attempt)"
        return try await database.transaction { executor in
            guard let error else {
                return try await executor.query(
                    "UPDATE hearth_jobs SET status = 'done', finished_at = ?, locked_until = NULL, last_error = NULL WHERE \(owned) RETURNING id",
                    [SQLValue(now), id]
                ).count == 1
            }
            let message = SQLValue.text(String(String(describing: error).prefix(1000)))
            if job.context.attempt >= job.maxAttempts {
                return try await executor.query(
                    "UPDATE hearth_jobs SET status = 'failed', finished_at = ?, locked_until = NULL, last_error = ? WHERE \(owned) RETURNING id",
                    [SQLValue(now), message, id]
                ).count == 1
            } else {
                let delay = definition?.retryDelay?(job.context.attempt) ?? Self.backoffMilliseconds(afterAttempt: job.context.attempt)
                let retryAt = now.adding(milliseconds: delay)
                return try await executor.query(
                    "UPDATE hearth_jobs SET status = 'queued', run_at = ?, locked_until = NULL, last_error = ? WHERE \(owned) RETURNING id",
                    [SQLValue(retryAt), message, id]
                ).count == 1
            }
        }
    }

    /// 2 s, 4 s, 8 s … capped at one hour, with ±20 % jitter so retries spread out.
    static func backoffMilliseconds(afterAttempt attempt: Int) -> Int64 {
        let base = min(3_600_000.0, 1000.0 * pow2(attempt))
        return Int64(base * Double.random(in: 0.8...1.2))
    }

    private static func pow2(_ exponent: Int) -> Double {
        Double(1 << min(max(exponent, 0), 22))
    }
}

struct JobFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Lets code that enqueues a job wake the runner at once instead of at its next poll.
public final class JobSignal: Sendable {
    let wakeUps: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (wakeUps, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    public func wakeUp() { continuation.yield() }

    func finish() { continuation.finish() }
}
