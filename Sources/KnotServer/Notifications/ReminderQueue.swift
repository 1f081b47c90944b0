import HearthCore
import HearthServer
import HearthStore

/// One row of `knot_notification_queue` (spec §3.3): a reminder of a milestone occurrence.
struct QueuedReminder: Sendable, Hashable {
    enum Status: String, Sendable {
        case pending, sent, failed, cancelled
    }

    var id: String
    var userID: String
    var milestoneID: String
    var scheduledFor: Timestamp
    var daysBefore: Int
    var status: Status
    var sentAt: Timestamp?
    var viewedAt: Timestamp?
    var createdAt: Timestamp

    init(row: SQLRow) throws {
        id = try row.string("id")
        userID = try row.string("user_id")
        milestoneID = try row.string("milestone_id")
        scheduledFor = try row.timestamp("scheduled_for")
        daysBefore = Int(try row.int("days_before"))
        status = Status(rawValue: try row.string("status")) ?? .failed
        sentAt = try row.optionalTimestamp("sent_at")
        viewedAt = try row.optionalTimestamp("viewed_at")
        createdAt = try row.timestamp("created_at")
    }

    static let columns = "id, user_id, milestone_id, scheduled_for, days_before, status, sent_at, viewed_at, created_at"

    /// The `notification.process` job payload (§8.2).
    var jobPayload: JSONValue { Self.jobPayload(id: id, userID: userID, milestoneID: milestoneID, daysBefore: daysBefore) }

    static func jobPayload(id: String, userID: String, milestoneID: String, daysBefore: Int) -> JSONValue {
        ["notification_id": .string(id), "user_id": .string(userID), "milestone_id": .string(milestoneID), "days_before": .int(Int64(daysBefore))]
    }
}

/// The reminder rows and their jobs (spec §8.2, §9): every row that is `pending` has a
/// `notification.process` job due at its `scheduled_for` (or later, after quiet hours).
struct ReminderQueue: Sendable {
    static let processKind = "notification.process"
    /// 3 tries, 30 s then 60 s apart (§9.1, §13 #70).
    static let maxAttempts = 3

    let jobs: JobQueue
    let clock: any WallClock

    /// Adds the pending row of `reminder` unless the same `(milestone, days_before,
    /// scheduled_for)` exists, and publishes its job under the reminder's dedup key.
    /// - Returns: whether a new row was added.
    @discardableResult
    func add(_ reminder: MilestoneReminder, milestoneID: String, userID: String, on sql: any SQLExecutor) async throws -> Bool {
        let id = KnotID.make()
        // A milestone deleted since the caller read it adds nothing (instead of failing the
        // foreign key and, on PostgreSQL, the whole transaction).
        let inserted = try await sql.query(
            """
            INSERT INTO knot_notification_queue (id, user_id, milestone_id, scheduled_for, days_before, status, created_at)
            SELECT ?, ?, m.id, ?, ?, 'pending', ? FROM knot_partner_milestones m WHERE m.id = ?
            ON CONFLICT (milestone_id, days_before, scheduled_for) DO NOTHING RETURNING id
            """,
            [
                .text(id), .text(userID), SQLValue(reminder.scheduledFor), .integer(Int64(reminder.daysBefore)), SQLValue(clock.now),
                .text(milestoneID),
            ])
        guard !inserted.isEmpty else { return false }
        let payload = QueuedReminder.jobPayload(id: id, userID: userID, milestoneID: milestoneID, daysBefore: reminder.daysBefore)
        try await jobs.enqueue(
            kind: Self.processKind, payload: payload, runAt: reminder.scheduledFor, dedupKey: reminder.dedupKey(milestoneID: milestoneID),
            owner: userID, maxAttempts: Self.maxAttempts, in: sql)
        return true
    }

    /// A new try of a pending row at `runAt` (after quiet hours); its `scheduled_for` stays.
    /// Published once per row and time, however many runs ask for it.
    func retry(_ reminder: QueuedReminder, at runAt: Timestamp, on sql: any SQLExecutor) async throws {
        try await jobs.enqueue(
            kind: Self.processKind, payload: reminder.jobPayload, runAt: runAt,
            dedupKey: "\(reminder.id)-quiet-\(runAt.millisecondsSince1970)", owner: reminder.userID,
            maxAttempts: Self.maxAttempts, in: sql)
    }

    func find(id: String, on sql: any SQLExecutor) async throws -> QueuedReminder? {
        try await sql.queryFirst("SELECT \(QueuedReminder.columns) FROM knot_notification_queue WHERE id = ?", [.text(id)])
            .map(QueuedReminder.init(row:))
    }

    /// Marks a pending reminder sent; `false` when it no longer was pending (another run
    /// sent, cancelled or failed it first).
    func markSent(id: String, at now: Timestamp, in database: any HearthDatabase) async throws -> Bool {
        try await database.transaction { sql in
            try await sql.query(
                "UPDATE knot_notification_queue SET status = 'sent', sent_at = ? WHERE id = ? AND status = 'pending' RETURNING id",
                [SQLValue(now), .text(id)])
        }.count == 1
    }

    func setStatus(_ status: QueuedReminder.Status, id: String, sentAt: Timestamp? = nil, on sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE knot_notification_queue SET status = ?, sent_at = COALESCE(?, sent_at) WHERE id = ?",
            [.text(status.rawValue), SQLValue(sentAt), .text(id)])
    }

    /// Decision 9, turning reminders off: pending rows are cancelled with their jobs.
    func cancelPending(userID: String, on sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE knot_notification_queue SET status = 'cancelled' WHERE user_id = ? AND status = 'pending'", [.text(userID)])
        try await jobs.cancelQueued(owner: userID, in: sql)
    }

    /// Turning reminders on again: the cancelled rows of today and later are forgotten, so
    /// scheduling adds those still ahead anew (a reminder waiting out today's quiet hours too).
    func forgetCancelled(userID: String, on sql: any SQLExecutor) async throws {
        try await sql.execute(
            "DELETE FROM knot_notification_queue WHERE user_id = ? AND status = 'cancelled' AND scheduled_for >= ?",
            [.text(userID), SQLValue(CalendarDate.utc(clock.now).utcMidnight)])
    }
}
