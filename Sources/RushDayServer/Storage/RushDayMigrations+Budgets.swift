import HearthStore

extension RushDayMigrations {
    /// Agenda items, expenses ("budgets"), their payments and the event's planned budget
    /// (spec §4.6–§4.7); all cascade from `rd_events`, payments from their expense.
    static let agendaAndBudgets = Migration(
        module: module, version: 4, name: "rush day agenda, expenses, payments and event budgets",
        sql: [
            """
            CREATE TABLE rd_agenda (
                id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE, title TEXT NOT NULL,
                notes TEXT, date BIGINT NOT NULL, start_time BIGINT NOT NULL, end_time BIGINT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_agenda_by_event ON rd_agenda (event_id, start_time)",
            """
            CREATE TABLE rd_budgets (
                id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES rd_events (id) ON DELETE CASCADE, title TEXT NOT NULL,
                total_amount BIGINT NOT NULL, notes TEXT, date BIGINT, category TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX rd_budgets_by_event ON rd_budgets (event_id, created_at)",
            // `position` orders payments by insertion, so "the most recent" never depends on clock ties.
            """
            CREATE TABLE rd_payments (
                id TEXT PRIMARY KEY, budget_id TEXT NOT NULL REFERENCES rd_budgets (id) ON DELETE CASCADE,
                position INTEGER NOT NULL, amount BIGINT NOT NULL, date BIGINT NOT NULL, created_at BIGINT NOT NULL,
                UNIQUE (budget_id, position))
            """,
            // One row per event, written by the first upsert (or an AI draft); a NULL symbol is derived from the code.
            """
            CREATE TABLE rd_event_budgets (
                event_id TEXT PRIMARY KEY REFERENCES rd_events (id) ON DELETE CASCADE, planned_budget BIGINT NOT NULL,
                currency_code TEXT NOT NULL, currency_symbol TEXT, is_set INTEGER NOT NULL, budget_min BIGINT, budget_max BIGINT,
                updated_at BIGINT NOT NULL)
            """,
        ])
}
