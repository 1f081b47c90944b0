import Foundation
import HearthCore
import HearthStore

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

    /// Queues a job to run at `runAt`. With a `dedupKey`, a job of this app already queued
    /// under that key (in any state, until housekeeping removes finished jobs after a week)
    /// makes this a no-op that returns the existing job's id: the scheduler's "publish once".
    /// - Parameter owner: the user the job is for, so their jobs can be cancelled together.
    /// - Returns: the id of the new job, or of the existing one with the same key.
    @discardableResult
    public func enqueue(
        kind: String, payload: JSONValue, runAt: Timestamp, dedupKey: String?, owner: String? = nil, maxAttempts: Int = 5,
        in executor: any SQLExecutor
    ) async throws -> String {
        let id = UUID().uuidString.lowercased()
        let inserted = try await executor.query(
            """
            INSERT INTO hearth_jobs (id, app, kind, payload, status, attempts, max_attempts, run_at, created_at, dedup_key, owner)
            VALUES (?, ?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?)
            ON CONFLICT (app, dedup_key) DO NOTHING RETURNING id
            """,
            [
                .text(id), .text(app), .text(kind), SQLValue(json: payload), SQLValue(maxAttempts), SQLValue(runAt),
                SQLValue(clock.now), dedupKey.map(SQLValue.text) ?? .null, owner.map(SQLValue.text) ?? .null,
            ])
        if !inserted.isEmpty {
            wakeUp()
            return id
        }
        guard let dedupKey,
            let existing = try await executor.queryFirst(
                "SELECT id FROM hearth_jobs WHERE app = ? AND dedup_key = ?", [.text(app), .text(dedupKey)])
        else { throw JobQueueError.notQueued(kind: kind) }
        return try existing.string("id")
    }

    /// Cancels `owner`'s jobs that have not started (account deletion, reminders turned off)
    /// and frees their keys, so publishing them again queues them anew; returns how many.
    @discardableResult
    public func cancelQueued(owner: String, in executor: any SQLExecutor) async throws -> Int {
        try await executor.query(
            "UPDATE hearth_jobs SET status = 'cancelled', finished_at = ?, dedup_key = NULL WHERE app = ? AND owner = ? AND status = 'queued' RETURNING id",
            [SQLValue(clock.now), .text(app), .text(owner)]
        ).count
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

public enum JobQueueError: Error, CustomStringConvertible {
    case notQueued(kind: String)

    public var description: String {
        switch self {
        case .notQueued(let kind): "a \(kind) job was neither queued nor found under its key"
        }
    }
}
