import HearthStore

extension RushDayMigrations {
    /// The caller's vendor address book and saved wizard forms (spec §4.8–§4.9): both go
    /// with their user; a vendor outlives the event it was linked to (the link is cleared).
    static let vendorsAndDrafts = Migration(
        module: module, version: 5, name: "rush day vendors and wizard drafts",
        sql: [
            """
            CREATE TABLE rd_vendors (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES rd_users (id) ON DELETE CASCADE,
                event_id TEXT REFERENCES rd_events (id) ON DELETE SET NULL, name TEXT NOT NULL, sort_name TEXT NOT NULL,
                category TEXT, phone TEXT, email TEXT, website TEXT, notes TEXT, price BIGINT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_vendors_by_user ON rd_vendors (user_id, sort_name)",
            "CREATE INDEX rd_vendors_by_event ON rd_vendors (event_id)",
            """
            CREATE TABLE rd_draft_events (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES rd_users (id) ON DELETE CASCADE, data TEXT NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_draft_events_by_user ON rd_draft_events (user_id, updated_at)",
        ])
}
