import HearthCore
import HearthStore

/// `rd_draft_events`: every query parameterised, on both engines; every lookup is scoped
/// to the owning user, so another user's draft is simply not found (§2.3).
enum DraftEventStore {
    /// §2.8: newest `updated_at` first.
    static let order = " ORDER BY updated_at DESC, created_at DESC, id"

    static func insert(_ draft: DraftEventRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "INSERT INTO rd_draft_events (\(DraftEventRecord.columns)) VALUES (?, ?, ?, ?, ?)",
            [.text(draft.id), .text(draft.userID), .text(try draft.dataJSON()), SQLValue(draft.createdAt), SQLValue(draft.updatedAt)])
    }

    static func update(_ draft: DraftEventRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE rd_draft_events SET data = ?, updated_at = ? WHERE id = ? AND user_id = ?",
            [.text(try draft.dataJSON()), SQLValue(draft.updatedAt), .text(draft.id), .text(draft.userID)])
    }

    static func draft(_ id: String, of userID: String, _ sql: any SQLExecutor) async throws -> DraftEventRecord? {
        try await sql.queryFirst(
            "SELECT \(DraftEventRecord.columns) FROM rd_draft_events WHERE id = ? AND user_id = ?", [.text(id), .text(userID)]
        ).map(DraftEventRecord.init(row:))
    }

    static func page(of userID: String, limit: Int, offset: Int, _ sql: any SQLExecutor) async throws -> (drafts: [DraftEventRecord], total: Int) {
        let count = try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_draft_events WHERE user_id = ?", [.text(userID)])
        let rows = try await sql.query(
            "SELECT \(DraftEventRecord.columns) FROM rd_draft_events WHERE user_id = ?" + order + " LIMIT ? OFFSET ?",
            [.text(userID), SQLValue(limit), SQLValue(offset)])
        return (try rows.map(DraftEventRecord.init(row:)), Int(try count?.int("n") ?? 0))
    }

    /// Whether a draft of `userID` was deleted.
    static func delete(_ id: String, of userID: String, _ sql: any SQLExecutor) async throws -> Bool {
        !(try await sql.query("DELETE FROM rd_draft_events WHERE id = ? AND user_id = ? RETURNING id", [.text(id), .text(userID)])).isEmpty
    }
}
