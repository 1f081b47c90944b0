import HearthCore
import HearthServer
import HearthStore

/// A job that runs at a fixed UTC time every day or every week (spec §9.1): each run
/// queues the next, keyed by its date so any number of processes queue it once, and the
/// hourly housekeeping makes sure a future run exists.
struct RecurringJob: Sendable {
    var kind: String
    var hour: Int
    var minute: Int
    /// `nil`: every day; else the weekday (0 = Sunday … 6 = Saturday).
    var weekday: Int?

    /// `milestone.sweep`, daily at 00:05 UTC (§8.2).
    static let milestoneSweep = RecurringJob(kind: "milestone.sweep", hour: 0, minute: 5, weekday: nil)
    /// `feedback.analyze`, Mondays at 03:00 UTC (§7 [PROPOSAL]).
    static let feedbackAnalysis = RecurringJob(kind: "feedback.analyze", hour: 3, minute: 0, weekday: 1)

    /// The first run strictly after `now`.
    func nextRun(after now: Timestamp) -> Timestamp {
        var day = CalendarDate.utc(now)
        for _ in 0..<15 {
            let run = day.utcMidnight.adding(seconds: Int64(hour * 3600 + minute * 60))
            if run > now, weekday == nil || day.weekday == weekday { return run }
            guard let next = day.adding(days: 1) else { break }
            day = next
        }
        return now.adding(seconds: 86_400)
    }

    /// Queues the run after `now` unless it is queued already.
    func queueNext(after now: Timestamp, jobs: JobQueue, on sql: any SQLExecutor) async throws {
        let run = nextRun(after: now)
        try await jobs.enqueue(
            kind: kind, payload: .object([:]), runAt: run, dedupKey: "\(kind)-\(CalendarDate.utc(run))", maxAttempts: 3, in: sql)
    }
}
