import HearthCore
import HearthStore

/// `rd_event_budgets`: every query parameterised, on both engines.
enum EventBudgetStore {
    static func budget(of eventID: String, _ sql: any SQLExecutor) async throws -> EventBudgetRecord? {
        try await sql.queryFirst("SELECT \(EventBudgetRecord.columns) FROM rd_event_budgets WHERE event_id = ?", [.text(eventID)])
            .map(EventBudgetRecord.init(row:))
    }

    /// The stored budget, or the unset default: 0 in the owner's currency (`USD` without an
    /// owner), stamped with the event's `created_at`.
    static func effective(of event: EventRecord, _ sql: any SQLExecutor) async throws -> EventBudgetRecord {
        if let stored = try await budget(of: event.id, sql) { return stored }
        var currency: String?
        if let ownerID = event.ownerID { currency = try await UserStore.user(ownerID, sql)?.currency }
        return EventBudgetRecord(
            eventID: event.id, plannedBudget: 0, currencyCode: currency ?? "USD", currencySymbol: nil, isSet: false,
            updatedAt: event.createdAt)
    }

    /// Inserts or replaces the event's row.
    static func upsert(_ budget: EventBudgetRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            INSERT INTO rd_event_budgets (\(EventBudgetRecord.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (event_id) DO UPDATE SET planned_budget = excluded.planned_budget, currency_code = excluded.currency_code,
                currency_symbol = excluded.currency_symbol, is_set = excluded.is_set, budget_min = excluded.budget_min,
                budget_max = excluded.budget_max, updated_at = excluded.updated_at
            """,
            [
                .text(budget.eventID), .integer(budget.plannedBudget), .text(budget.currencyCode), SQLValue(budget.currencySymbol),
                SQLValue(budget.isSet), SQLValue(budget.budgetMin), SQLValue(budget.budgetMax), SQLValue(budget.updatedAt),
            ])
    }
}
