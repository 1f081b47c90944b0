import HearthStore

/// Rush Day's plain tables (prefix `rd_`, architecture "Storage"): times as integer
/// milliseconds, booleans as 0/1, JSON as text, so both engines hold what the code wrote.
/// Everything a user owns cascades from `rd_users`; everything of an event from `rd_events`.
enum RushDayMigrations {
    static let module = "rd"

    static var all: [Migration] { [usersAndEvents, tasks, guests, agendaAndBudgets, vendorsAndDrafts, planner, reminders] }

    /// Users, devices, migration status, events and co-host entries (spec §4.1–§4.3).
    static let usersAndEvents = Migration(
        module: module, version: 1, name: "rush day users, events and co-hosts",
        sql: [
            """
            CREATE TABLE rd_users (
                id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, avatar TEXT, currency TEXT NOT NULL,
                is_premium INTEGER NOT NULL, pref_time TEXT NOT NULL, pref_tasks INTEGER NOT NULL, pref_agenda INTEGER NOT NULL,
                pref_share INTEGER NOT NULL, pref_on_the_day INTEGER NOT NULL, pref_week_before INTEGER NOT NULL,
                timezone_offset INTEGER, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            // Devices are keyed by token: registering it again moves it to the caller.
            """
            CREATE TABLE rd_devices (
                fcm_token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES rd_users (id) ON DELETE CASCADE,
                platform TEXT NOT NULL, timezone_offset INTEGER NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_devices_by_user ON rd_devices (user_id)",
            // One row per user: the unique key makes concurrent first migrations run once.
            """
            CREATE TABLE rd_migration_status (
                user_id TEXT PRIMARY KEY REFERENCES rd_users (id) ON DELETE CASCADE, app_version TEXT NOT NULL,
                migrated_at BIGINT NOT NULL, stats TEXT NOT NULL)
            """,
            // owner_id is NULL only for an anonymous AI draft (spec §1.2).
            """
            CREATE TABLE rd_events (
                id TEXT PRIMARY KEY, owner_id TEXT REFERENCES rd_users (id) ON DELETE CASCADE, name TEXT NOT NULL,
                type TEXT NOT NULL, date BIGINT NOT NULL, end_date BIGINT, is_all_day INTEGER NOT NULL, is_draft INTEGER NOT NULL,
                is_ai_draft INTEGER NOT NULL, venue TEXT, custom_idea TEXT, theme_idea TEXT, image TEXT, invite_message TEXT,
                planned_guest_count INTEGER, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_events_by_owner ON rd_events (owner_id, date)",
            // Co-host entries (`SharedUser`): the entry is its own invitation, found by its secret.
            """
            CREATE TABLE rd_cohosts (
                secret TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE,
                position INTEGER NOT NULL, name TEXT NOT NULL, access_role TEXT NOT NULL, accepted INTEGER NOT NULL,
                user_id TEXT REFERENCES rd_users (id) ON DELETE CASCADE, invited_at BIGINT NOT NULL, accepted_at BIGINT,
                UNIQUE (event_id, position))
            """,
            "CREATE INDEX rd_cohosts_by_user ON rd_cohosts (user_id, accepted)",
        ])

    /// Tasks of an event (spec §4.4): `order_number` only orders, gaps allowed.
    static let tasks = Migration(
        module: module, version: 2, name: "rush day tasks",
        sql: [
            """
            CREATE TABLE rd_tasks (
                id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE, name TEXT NOT NULL,
                notes TEXT, is_done INTEGER NOT NULL, notification BIGINT, order_number INTEGER NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, completed_at BIGINT)
            """,
            "CREATE INDEX rd_tasks_by_event ON rd_tasks (event_id, order_number)",
        ])
}
