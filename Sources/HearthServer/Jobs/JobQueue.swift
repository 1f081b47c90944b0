import Foundation
import HearthCore
import HearthStore

/// How a kind of background job runs: its handler, how often it may be tried, and how
/// long one try may take.
public struct JobDefinition: Sendable {
    public let kind: String
    public let maxAttempts: Int
    public let timeout: Duration
    public let run: @Sendable (JobContext) async throws -> Void

    public init(kind: String, maxAttempts: Int = 5, timeout: Duration = .seconds(60), run: @escaping @Sendable (JobContext) async throws -> Void) {
        self.kind = kind
        self.maxAttempts = max(1, maxAttempts)
        self.timeout = timeout
        self.run = run
    }
}

/// What a job handler is given.
public struct JobContext: Sendable {
    public let id: String
    public let app: String
    public let kind: String
    public let payload: JSONValue
    /// 1 on the first try.
    public let attempt: Int
}

/// Puts jobs in `hearth_jobs`. Enqueue inside the transaction that makes the job
/// necessary, so the job exists exactly when the change that needs it does.
public struct JobQueue: Sendable {
    public let app: String
    public let clock: any WallClock
    let wakeUp: @Sendable () -> Void

    public init(app: String, clock: any WallClock, wakeUp: @escaping @Sendable () -> Void = {}) {
        self.app = app
        self.clock = clock
        self.wakeUp = wakeUp
    }

    /// - Returns: the job id.
    @discardableResult
    public func enqueue(
        kind: String, payload: JSONValue, delaySeconds: Int64 = 0, maxAttempts: Int = 5, in executor: any SQLExecutor
    ) async throws -> String {
        let id = UUID().uuidString.lowercased()
        let now = clock.now
        try await executor.execute(
            """
            INSERT INTO hearth_jobs (id, app, kind, payload, status, attempts, max_attempts, run_at, created_at)
            VALUES (?, ?, ?, ?, 'queued', 0, ?, ?, ?)
            """,
            [.text(id), .text(app), .text(kind), SQLValue(json: payload), SQLValue(maxAttempts), SQLValue(now.adding(seconds: delaySeconds)), SQLValue(now)])
        wakeUp()
        return id
    }

    /// The payloads of this app's jobs of `kind` that are queued or running: lets a sweep
    /// skip work already in hand.
    public func unfinishedPayloads(kind: String, in executor: any SQLExecutor) async throws -> [JSONValue] {
        try await executor.query(
            "SELECT payload FROM hearth_jobs WHERE app = ? AND kind = ? AND status IN ('queued', 'running')",
            [.text(app), .text(kind)]
        ).map { try $0.json("payload") }
    }
}
