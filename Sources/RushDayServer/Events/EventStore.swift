import HearthCore
import HearthStore

/// An event as one caller sees it: the row, its co-host entries and the caller's role.
struct EventAccess: Sendable, Hashable {
    var event: EventRecord
    var entries: [CoHostEntry]
    var role: EventRole
}

/// `rd_events` and `rd_cohosts`: every query parameterised, on both engines.
struct EventStore: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    func insert(_ event: EventRecord) async throws {
        try await database.transaction { sql in try await Self.insert(event, sql) }
    }

    /// Inserts `event` in the caller's transaction (with the sub-records written beside it).
    static func insert(_ event: EventRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            INSERT INTO rd_events (name, type, date, end_date, is_all_day, is_draft, is_ai_draft, venue, custom_idea, theme_idea,
                image, invite_message, planned_guest_count, updated_at, id, owner_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            event.columnValues + [.text(event.id), SQLValue(event.ownerID), SQLValue(event.createdAt)])
    }

    /// Writes every column of `event` but its id, owner and `created_at`.
    static func update(_ event: EventRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            UPDATE rd_events SET name = ?, type = ?, date = ?, end_date = ?, is_all_day = ?, is_draft = ?, is_ai_draft = ?, venue = ?,
                custom_idea = ?, theme_idea = ?, image = ?, invite_message = ?, planned_guest_count = ?, updated_at = ?
            WHERE id = ?
            """,
            event.columnValues + [.text(event.id)])
    }

    static func event(_ id: String, _ sql: any SQLExecutor) async throws -> EventRecord? {
        try await sql.queryFirst(EventRecord.selection + " WHERE e.id = ?", [.text(id)]).map(EventRecord.init(row:))
    }

    static func entries(of eventID: String, _ sql: any SQLExecutor) async throws -> [CoHostEntry] {
        try await sql.query("SELECT \(CoHostEntry.columns) FROM rd_cohosts WHERE event_id = ? ORDER BY position", [.text(eventID)])
            .map(CoHostEntry.init(row:))
    }

    /// The entries of several events, by event id, in invitation order.
    static func entries(of eventIDs: [String], _ sql: any SQLExecutor) async throws -> [String: [CoHostEntry]] {
        var result: [String: [CoHostEntry]] = [:]
        for start in stride(from: 0, to: eventIDs.count, by: 500) {
            let chunk = eventIDs[start..<min(start + 500, eventIDs.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let rows = try await sql.query(
                "SELECT \(CoHostEntry.columns) FROM rd_cohosts WHERE event_id IN (\(placeholders)) ORDER BY event_id, position",
                chunk.map { .text($0) })
            for row in rows {
                let entry = try CoHostEntry(row: row)
                result[entry.eventID, default: []].append(entry)
            }
        }
        return result
    }

    /// The event as `userID` may see it; `nil` when it does not exist, is an AI draft, or
    /// the caller has no role on it (existence hiding, spec §2.3).
    static func access(_ eventID: String, for userID: String, _ sql: any SQLExecutor) async throws -> EventAccess? {
        guard let event = try await event(eventID, sql), !event.isAIDraft else { return nil }
        let entries = try await entries(of: eventID, sql)
        guard let role = EventRole.of(userID, ownerID: event.ownerID, entries: entries) else { return nil }
        return EventAccess(event: event, entries: entries, role: role)
    }

    func access(_ eventID: String, for userID: String) async throws -> EventAccess? {
        try await database.read { sql in try await Self.access(eventID, for: userID, sql) }
    }

    /// Events `userID` owns or co-hosts (accepted), AI drafts excluded, by date (§2.8).
    static let memberFilter = """
        WHERE e.is_ai_draft = 0 AND (e.owner_id = ? OR e.id IN (SELECT event_id FROM rd_cohosts WHERE user_id = ? AND accepted = 1))
        """

    func list(for userID: String, limit: Int, offset: Int) async throws -> (events: [EventAccess], totalCount: Int) {
        try await database.read { sql in
            let arguments: [SQLValue] = [.text(userID), .text(userID)]
            let count = try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_events e " + Self.memberFilter, arguments)
            let rows = try await sql.query(
                EventRecord.selection + " " + Self.memberFilter + " ORDER BY e.date, e.created_at, e.id LIMIT ? OFFSET ?",
                arguments + [SQLValue(limit), SQLValue(offset)])
            let events = try rows.map(EventRecord.init(row:))
            let entries = try await Self.entries(of: events.map(\.id), sql)
            let visible = events.compactMap { event -> EventAccess? in
                let eventEntries = entries[event.id] ?? []
                guard let role = EventRole.of(userID, ownerID: event.ownerID, entries: eventEntries) else { return nil }
                return EventAccess(event: event, entries: eventEntries, role: role)
            }
            return (visible, Int(try count?.int("n") ?? 0))
        }
    }

    /// The users with an accepted entry on `eventID`.
    static func acceptedCoHosts(of eventID: String, _ sql: any SQLExecutor) async throws -> [String] {
        try await entries(of: eventID, sql).filter(\.accepted).compactMap(\.userID)
    }

    /// Deletes the event; its co-host entries (and every sub-record table that references
    /// it) cascade.
    static func delete(_ eventID: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_tasks WHERE event_id = ?", [.text(eventID)])
        try await sql.execute("DELETE FROM rd_cohosts WHERE event_id = ?", [.text(eventID)])
        try await sql.execute("DELETE FROM rd_events WHERE id = ?", [.text(eventID)])
    }
}
