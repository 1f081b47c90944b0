import HearthCore
import HearthStore

/// Reads what ``ReminderRules`` needs from Rush Day's tables.
enum ReminderSources {
    /// The event with its members, tasks and agenda; `nil` when it no longer exists.
    /// - Parameter onlyUser: restrict the members to this user (who may not be one).
    static func event(_ eventID: String, onlyUser: String? = nil, _ sql: any SQLExecutor) async throws -> ReminderRules.Event? {
        guard
            let row = try await sql.queryFirst(
                "SELECT id, owner_id, name, date, is_draft, is_ai_draft FROM rd_events WHERE id = ?", [.text(eventID)])
        else { return nil }
        var memberIDs = [try row.optionalString("owner_id")].compactMap { $0 }
        for userID in try await EventStore.acceptedCoHosts(of: eventID, sql) where !memberIDs.contains(userID) {
            memberIDs.append(userID)
        }
        if let onlyUser { memberIDs = memberIDs.filter { $0 == onlyUser } }
        var members: [ReminderRules.Member] = []
        for userID in memberIDs {
            guard let user = try await UserStore.user(userID, sql) else { continue }
            members.append(ReminderRules.Member(userID: userID, preferences: user.preferences, timezoneOffset: user.timezoneOffset ?? 0))
        }
        let tasks = try await sql.query(
            "SELECT id, name, notification, is_done FROM rd_tasks WHERE event_id = ? AND notification IS NOT NULL ORDER BY id",
            [.text(eventID)]
        ).map { row in
            ReminderRules.Task(
                id: try row.string("id"), name: try row.string("name"), notification: try row.optionalTimestamp("notification"),
                isDone: try row.bool("is_done"))
        }
        let agenda = try await sql.query(
            "SELECT id, title, start_time FROM rd_agenda WHERE event_id = ? ORDER BY id", [.text(eventID)]
        ).map { row in
            ReminderRules.AgendaItem(id: try row.string("id"), title: try row.string("title"), startTime: try row.timestamp("start_time"))
        }
        return ReminderRules.Event(
            id: eventID, name: try row.string("name"), date: try row.timestamp("date"),
            isDraft: try row.bool("is_draft") || row.bool("is_ai_draft"), members: members, tasks: tasks, agenda: agenda)
    }

    /// Events `userID` belongs to that may still have reminders ahead: dated from `since`
    /// on, or with a task notification from `since` on.
    static func eventIDs(of userID: String, since: Timestamp, _ sql: any SQLExecutor) async throws -> [String] {
        try await sql.query(
            """
            SELECT e.id FROM rd_events e
            WHERE e.is_draft = 0 AND e.is_ai_draft = 0
                AND (e.owner_id = ? OR e.id IN (SELECT event_id FROM rd_cohosts WHERE user_id = ? AND accepted = 1))
                AND (e.date >= ? OR EXISTS (SELECT 1 FROM rd_tasks t WHERE t.event_id = e.id AND t.notification >= ?))
            ORDER BY e.id
            """, [.text(userID), .text(userID), SQLValue(since), SQLValue(since)]
        ).map { try $0.string("id") }
    }

    /// Events dated within `from…to`, or with a task notification or agenda item in it.
    static func eventIDs(datedFrom from: Timestamp, to: Timestamp, _ sql: any SQLExecutor) async throws -> [String] {
        try await sql.query(
            """
            SELECT id FROM rd_events WHERE is_draft = 0 AND is_ai_draft = 0
                AND ((date >= ? AND date <= ?)
                    OR id IN (SELECT event_id FROM rd_tasks WHERE notification >= ? AND notification <= ?)
                    OR id IN (SELECT event_id FROM rd_agenda WHERE start_time >= ? AND start_time <= ?))
            ORDER BY id
            """, [SQLValue(from), SQLValue(to), SQLValue(from), SQLValue(to), SQLValue(from), SQLValue(to)]
        ).map { try $0.string("id") }
    }
}
