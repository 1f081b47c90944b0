import HearthCore
import HearthStore

/// `rd_agenda`: every query parameterised, on both engines; callers run these inside one
/// transaction (or read) after checking access to the event.
enum AgendaStore {
    /// §2.8: by `start_time`, then `end_time` with unset last, then `created_at`, `id`.
    static let order = " ORDER BY start_time, CASE WHEN end_time IS NULL THEN 1 ELSE 0 END, end_time, created_at, id"

    static func insert(_ item: AgendaRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "INSERT INTO rd_agenda (\(AgendaRecord.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(item.id), .text(item.eventID), .text(item.title), SQLValue(item.notes), SQLValue(item.date),
                SQLValue(item.startTime), SQLValue(item.endTime), SQLValue(item.createdAt), SQLValue(item.updatedAt),
            ])
    }

    /// Writes every column of `item` but its id, event and `created_at`.
    static func update(_ item: AgendaRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE rd_agenda SET title = ?, notes = ?, date = ?, start_time = ?, end_time = ?, updated_at = ? WHERE id = ?",
            [
                .text(item.title), SQLValue(item.notes), SQLValue(item.date), SQLValue(item.startTime), SQLValue(item.endTime),
                SQLValue(item.updatedAt), .text(item.id),
            ])
    }

    static func item(_ id: String, _ sql: any SQLExecutor) async throws -> AgendaRecord? {
        try await sql.queryFirst("SELECT \(AgendaRecord.columns) FROM rd_agenda WHERE id = ?", [.text(id)]).map(AgendaRecord.init(row:))
    }

    /// Every item of `eventID`, sorted by time (§2.8).
    static func list(of eventID: String, _ sql: any SQLExecutor) async throws -> [AgendaRecord] {
        try await sql.query("SELECT \(AgendaRecord.columns) FROM rd_agenda WHERE event_id = ?" + order, [.text(eventID)])
            .map(AgendaRecord.init(row:))
    }

    static func count(of eventID: String, _ sql: any SQLExecutor) async throws -> Int {
        Int(try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_agenda WHERE event_id = ?", [.text(eventID)])?.int("n") ?? 0)
    }

    static func delete(_ id: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_agenda WHERE id = ?", [.text(id)])
    }

    /// Removes the whole agenda of `eventID` (e.g. before a generated agenda replaces it).
    static func deleteAll(of eventID: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_agenda WHERE event_id = ?", [.text(eventID)])
    }
}
