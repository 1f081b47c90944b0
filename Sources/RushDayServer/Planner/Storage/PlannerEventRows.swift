import HearthStore

/// Events the planner creates (AI drafts, events from plans) are written together with their
/// sub-records in one transaction; `EventStore.insert` opens its own, so the same statement
/// runs here on the caller's executor.
enum PlannerEventRows {
    static func insert(_ event: EventRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            INSERT INTO rd_events (name, type, date, end_date, is_all_day, is_draft, is_ai_draft, venue, custom_idea, theme_idea,
                image, invite_message, planned_guest_count, updated_at, id, owner_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            event.columnValues + [.text(event.id), SQLValue(event.ownerID), SQLValue(event.createdAt)])
    }
}
