import HearthCore
import HearthServer
import HearthStore
import Logging

/// Puts the reminders of ``ReminderRules`` on the platform's durable job runner.
///
/// Writes that change what an event implies (event created or updated, task with a
/// notification created or updated, preferences or time zone changed) queue a re-plan job
/// in their own transaction; the re-plan queues one `reminder.send` job per future
/// reminder under its ``ReminderRules/Planned/dedupKey``, so re-planning adds only what
/// is new. Stale jobs are not hunted down: each checks the stored records when it runs.
/// The hourly housekeeping re-plans events of the next ``sweepHorizonDays`` days, which
/// catches changes made without a hook (co-hosts joining, agenda edits).
struct ReminderScheduler: Sendable {
    static let planEventKind = "reminders.plan-event"
    static let planUserKind = "reminders.plan-user"
    static let sendKind = "reminder.send"
    static let sweepHorizonDays: Int64 = 9

    let database: any HearthDatabase
    let jobs: JobQueue
    let clock: any WallClock
    let logger: Logger

    /// Queues a re-plan of `eventID`'s reminders, in the caller's transaction.
    func replan(_ eventID: String, _ sql: any SQLExecutor) async throws {
        try await jobs.enqueue(kind: Self.planEventKind, payload: ["event_id": .string(eventID)], maxAttempts: 3, in: sql)
    }

    /// Queues a re-plan, after the change committed; a failure is logged (the sweep repairs it).
    func replan(_ eventID: String) async {
        do {
            try await database.transaction { sql in try await replan(eventID, sql) }
        } catch {
            logger.warning("reminder re-plan not queued", metadata: ["event": "\(eventID)", "error": "\(error)"])
        }
    }

    /// Queues a re-plan of every event of `userID`, for that user (preferences, time zone).
    func replanUser(_ userID: String) async {
        do {
            try await database.transaction { sql in
                _ = try await jobs.enqueue(kind: Self.planUserKind, payload: ["user_id": .string(userID)], maxAttempts: 3, in: sql)
            }
        } catch {
            logger.warning("reminder re-plan not queued", metadata: ["user": "\(userID)", "error": "\(error)"])
        }
    }

    /// Queues the future reminders of `eventID` (of `onlyUser`'s alone, if given); returns
    /// how many were planned in the future (queued now or before).
    @discardableResult
    func plan(_ eventID: String, onlyUser: String? = nil) async throws -> Int {
        let now = clock.now
        return try await database.transaction { sql in
            guard let event = try await ReminderSources.event(eventID, onlyUser: onlyUser, sql) else { return 0 }
            var count = 0
            for reminder in ReminderRules.plan(event) where reminder.at > now {
                try await jobs.enqueue(
                    kind: Self.sendKind, payload: Self.payload(reminder), runAt: reminder.at, dedupKey: reminder.dedupKey,
                    owner: reminder.userID, maxAttempts: 3, in: sql)
                count += 1
            }
            return count
        }
    }

    func planUser(_ userID: String) async throws {
        let since = clock.now.adding(milliseconds: -ReminderRules.dayMilliseconds)
        let eventIDs = try await database.read { sql in try await ReminderSources.eventIDs(of: userID, since: since, sql) }
        for eventID in eventIDs { try await plan(eventID, onlyUser: userID) }
    }

    /// Re-plans every event with a date, task notification or agenda item from yesterday to
    /// ``sweepHorizonDays`` ahead.
    func sweep() async throws {
        let now = clock.now
        let eventIDs = try await database.read { sql in
            try await ReminderSources.eventIDs(
                datedFrom: now.adding(milliseconds: -ReminderRules.dayMilliseconds),
                to: now.adding(milliseconds: Self.sweepHorizonDays * ReminderRules.dayMilliseconds), sql)
        }
        for eventID in eventIDs { try await plan(eventID) }
    }

    static func payload(_ reminder: ReminderRules.Planned) -> JSONValue {
        [
            "kind": .string(reminder.kind.rawValue), "event_id": .string(reminder.eventID), "user_id": .string(reminder.userID),
            "item_id": reminder.itemID.map(JSONValue.string) ?? .null, "at": .int(reminder.at.millisecondsSince1970),
        ]
    }
}
