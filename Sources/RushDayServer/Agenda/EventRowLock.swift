import HearthStore

/// Serialises writers that check a per-event cap (agenda items, expenses) before inserting:
/// on PostgreSQL the event row is locked for the rest of the transaction; SQLite already
/// runs one writing transaction at a time.
enum EventRowLock {
    static func lock(_ eventID: String, _ sql: any SQLExecutor) async throws {
        guard sql.dialect == .postgres else { return }
        _ = try await sql.query("SELECT id FROM rd_events WHERE id = ? FOR UPDATE", [.text(eventID)])
    }
}
