import HearthCore
import HearthServer
import HearthStore
import Logging

/// Spec §8.2: puts the 14/7/3-day reminders of milestones' next occurrences in the queue,
/// for one user after their vault is saved and for everyone in the daily sweep.
///
/// Users who turned reminders off get none (decision 9); rows and jobs are published once
/// per `(milestone, days_before, date)`, so running either path again adds nothing.
struct ReminderScheduler: Sendable {
    /// Milestones handled per transaction by the sweep.
    static let sweepBatchSize = 500

    let database: any HearthDatabase
    let queue: ReminderQueue
    let clock: any WallClock
    let logger: Logger

    struct Outcome: Sendable, Hashable {
        var milestones = 0
        var remindersAdded = 0
    }

    /// The reminders of `userID`'s milestones (vault POST/PUT; best effort: logged, never thrown).
    func scheduleUser(_ userID: String) async {
        do {
            _ = try await schedule(milestonesOf: userID)
        } catch {
            logger.error("scheduling reminders failed", metadata: ["user": "\(userID)", "error": "\(error)"])
        }
    }

    /// The daily `milestone.sweep`: every milestone of every user with reminders on.
    @discardableResult
    func sweep() async throws -> Outcome {
        try await schedule(milestonesOf: nil)
    }

    private func schedule(milestonesOf userID: String?) async throws -> Outcome {
        let now = clock.now
        let filter = userID == nil ? "" : " AND v.user_id = ?"
        let rows = try await database.read { sql in
            try await sql.query(
                """
                SELECT m.id, m.milestone_type, m.milestone_name, m.milestone_date, m.recurrence, m.budget_tier, m.created_at,
                    v.user_id
                FROM knot_partner_milestones m
                JOIN knot_partner_vaults v ON v.id = m.vault_id
                JOIN knot_users u ON u.id = v.user_id
                WHERE u.notifications_enabled = 1\(filter)
                ORDER BY m.id
                """, userID.map { [.text($0)] } ?? [])
        }
        // What is queued already, read once: a daily sweep then writes only what is new.
        let queued = try await database.read { sql in
            try await sql.query(
                "SELECT milestone_id, days_before, scheduled_for FROM knot_notification_queue WHERE scheduled_for >= ?\(userID == nil ? "" : " AND user_id = ?")",
                [SQLValue(CalendarDate.utc(now).utcMidnight)] + (userID.map { [SQLValue.text($0)] } ?? []))
        }
        var known = Set<String>()
        for row in queued {
            known.insert("\(try row.string("milestone_id"))|\(try row.int("days_before"))|\(try row.timestamp("scheduled_for").millisecondsSince1970)")
        }
        var outcome = Outcome()
        var due: [(milestoneID: String, userID: String, reminder: MilestoneReminder)] = []
        for row in rows {
            let milestone = try StoredVault.Milestone(row: row)
            outcome.milestones += 1
            guard let schedule = MilestoneCalendar.schedule(for: milestone.content, now: now) else { continue }
            let owner = try row.string("user_id")
            for reminder in schedule.reminders
            where !known.contains("\(milestone.id)|\(reminder.daysBefore)|\(reminder.scheduledFor.millisecondsSince1970)") {
                due.append((milestone.id, owner, reminder))
            }
        }
        var start = due.startIndex
        while start < due.endIndex {
            let batch = due[start..<min(start + Self.sweepBatchSize, due.endIndex)]
            outcome.remindersAdded += try await database.transaction { sql in
                var added = 0
                for entry in batch where try await queue.add(entry.reminder, milestoneID: entry.milestoneID, userID: entry.userID, on: sql) {
                    added += 1
                }
                return added
            }
            start = batch.endIndex
        }
        return outcome
    }
}
