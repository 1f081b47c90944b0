import HearthStore

extension RushDayMigrations {
    /// Guests and their RSVP links (spec §4.5), and an event's public invitation (§4.10).
    /// Everything cascades from its event; a guest's invitation also from the guest, so
    /// deleting the guest revokes the link.
    static let guests = Migration(
        module: module, version: 3, name: "rush day guests, guest invitations and public invitations",
        sql: [
            // `accompany` is the guest's current plus-ones; `accompany_allowed` the most the
            // host allowed (§9 decision 9), which an RSVP may not exceed. `position` keeps
            // creation order among guests created in the same millisecond.
            """
            CREATE TABLE rd_guests (
                id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE,
                position INTEGER NOT NULL, name TEXT NOT NULL, email TEXT, phone TEXT, status TEXT NOT NULL,
                accompany INTEGER NOT NULL, accompany_allowed INTEGER NOT NULL, notes TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, invited_at BIGINT, responded_at BIGINT)
            """,
            "CREATE INDEX rd_guests_by_event ON rd_guests (event_id, created_at, position)",
            // One active link per guest; the token is recomputed from (key_id, id), never stored.
            """
            CREATE TABLE rd_guest_invitations (
                id TEXT PRIMARY KEY, guest_id TEXT NOT NULL UNIQUE REFERENCES rd_guests (id) ON DELETE CASCADE,
                event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE, key_id INTEGER NOT NULL, message TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_guest_invitations_by_event ON rd_guest_invitations (event_id)",
            // One public invitation per event; its random id is the public token.
            """
            CREATE TABLE rd_invitations (
                id TEXT PRIMARY KEY, event_id TEXT NOT NULL UNIQUE REFERENCES rd_events (id) ON DELETE CASCADE,
                message TEXT, created_by TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
        ])
}
