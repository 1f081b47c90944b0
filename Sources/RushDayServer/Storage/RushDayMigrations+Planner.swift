import HearthStore

extension RushDayMigrations {
    /// The AI planner (spec §5.5–§5.8): plan generations (owner NULL while anonymous), the
    /// session of AI drafts, and the private chat data of (event, user).
    static let planner = Migration(
        module: module, version: 6, name: "rush day planner generations, AI drafts, chat and checklists",
        sql: [
            // `request` and `plan` are JSON of the planner's normalised request and full plan.
            """
            CREATE TABLE rd_plan_generations (
                id TEXT PRIMARY KEY, owner_id TEXT REFERENCES rd_users (id) ON DELETE CASCADE, request TEXT NOT NULL,
                processing_time_ms BIGINT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE rd_plan_plans (
                id TEXT PRIMARY KEY, generation_id TEXT NOT NULL REFERENCES rd_plan_generations (id) ON DELETE CASCADE,
                position INTEGER NOT NULL, plan TEXT NOT NULL)
            """,
            "CREATE INDEX rd_plan_plans_by_generation ON rd_plan_plans (generation_id, position)",
            // An AI draft's session: while the event has no owner its id is a capability (§9.5).
            """
            CREATE TABLE rd_ai_drafts (
                event_id TEXT PRIMARY KEY REFERENCES rd_events (id) ON DELETE CASCADE, session_id TEXT,
                created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE rd_chat_conversations (
                id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES rd_users (id) ON DELETE CASCADE, created_at BIGINT NOT NULL,
                saved_id TEXT, saved_title TEXT, saved_at BIGINT)
            """,
            "CREATE INDEX rd_chat_conversations_by_owner ON rd_chat_conversations (event_id, user_id)",
            // `seq` orders messages written within the same millisecond.
            """
            CREATE TABLE rd_chat_messages (
                id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL REFERENCES rd_chat_conversations (id) ON DELETE CASCADE,
                event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES rd_users (id) ON DELETE CASCADE, seq BIGINT NOT NULL, role INTEGER NOT NULL,
                content TEXT NOT NULL, topic TEXT NOT NULL, checklist_id TEXT, created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_chat_messages_by_owner ON rd_chat_messages (event_id, user_id, created_at, seq)",
            // `items` is JSON: [{"id", "text", "checked"}].
            """
            CREATE TABLE rd_chat_checklists (
                id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL REFERENCES rd_chat_conversations (id) ON DELETE CASCADE,
                event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES rd_users (id) ON DELETE CASCADE, topic TEXT NOT NULL, title TEXT NOT NULL,
                description TEXT NOT NULL, items TEXT NOT NULL, is_saved INTEGER NOT NULL, saved_at BIGINT, created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_chat_checklists_by_owner ON rd_chat_checklists (event_id, user_id, is_saved)",
        ])
}
