import HearthCore
import HearthStore

/// `rd_budgets` and `rd_payments`: every query parameterised, on both engines; callers run
/// these inside one transaction (or read) after checking access to the event.
enum BudgetStore {
    /// §2.8: budgets by `created_at`, then `id`.
    static let order = " ORDER BY created_at, id"

    /// Inserts the expense line and any payments it already carries.
    static func insert(_ budget: BudgetRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "INSERT INTO rd_budgets (\(BudgetRecord.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(budget.id), .text(budget.eventID), .text(budget.title), .integer(budget.totalAmount), SQLValue(budget.notes),
                SQLValue(budget.date), SQLValue(budget.category), SQLValue(budget.createdAt), SQLValue(budget.updatedAt),
            ])
        for payment in budget.payments { try await insertPayment(payment, sql) }
    }

    /// Writes every column of `budget` but its id, event and `created_at` (not its payments).
    static func update(_ budget: BudgetRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE rd_budgets SET title = ?, total_amount = ?, notes = ?, date = ?, category = ?, updated_at = ? WHERE id = ?",
            [
                .text(budget.title), .integer(budget.totalAmount), SQLValue(budget.notes), SQLValue(budget.date),
                SQLValue(budget.category), SQLValue(budget.updatedAt), .text(budget.id),
            ])
    }

    /// The expense line with its payments; `forUpdate` locks its row (PostgreSQL) so that
    /// concurrent payment writers on one expense take turns.
    static func budget(_ id: String, forUpdate: Bool = false, _ sql: any SQLExecutor) async throws -> BudgetRecord? {
        let lock = forUpdate && sql.dialect == .postgres ? " FOR UPDATE" : ""
        guard var budget = try await sql.queryFirst("SELECT \(BudgetRecord.columns) FROM rd_budgets WHERE id = ?" + lock, [.text(id)])
            .map(BudgetRecord.init(row:))
        else { return nil }
        budget.payments = try await payments(of: id, sql)
        return budget
    }

    /// Every expense line of `eventID` with its payments, by `created_at` (§2.8).
    static func list(of eventID: String, _ sql: any SQLExecutor) async throws -> [BudgetRecord] {
        var budgets = try await sql.query("SELECT \(BudgetRecord.columns) FROM rd_budgets WHERE event_id = ?" + order, [.text(eventID)])
            .map(BudgetRecord.init(row:))
        let rows = try await sql.query(
            """
            SELECT \(PaymentRecord.columns) FROM rd_payments
            WHERE budget_id IN (SELECT id FROM rd_budgets WHERE event_id = ?) ORDER BY budget_id, position
            """,
            [.text(eventID)])
        var byBudget: [String: [PaymentRecord]] = [:]
        for row in rows {
            let payment = try PaymentRecord(row: row)
            byBudget[payment.budgetID, default: []].append(payment)
        }
        for index in budgets.indices { budgets[index].payments = byBudget[budgets[index].id] ?? [] }
        return budgets
    }

    /// Sum of `total_amount` and sum of all payments of the event's expenses.
    static func totals(of eventID: String, _ sql: any SQLExecutor) async throws -> (totalAmount: Int64, paidAmount: Int64) {
        try await totals(of: list(of: eventID, sql))
    }

    static func totals(of budgets: [BudgetRecord]) -> (totalAmount: Int64, paidAmount: Int64) {
        budgets.reduce((Int64(0), Int64(0))) { ($0.0 + $1.totalAmount, $0.1 + $1.paidAmount) }
    }

    static func count(of eventID: String, _ sql: any SQLExecutor) async throws -> Int {
        Int(try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_budgets WHERE event_id = ?", [.text(eventID)])?.int("n") ?? 0)
    }

    /// Deletes the expense line; its payments cascade.
    static func delete(_ id: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_budgets WHERE id = ?", [.text(id)])
    }

    /// Removes every expense line (and payment) of `eventID`.
    static func deleteAll(of eventID: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_budgets WHERE event_id = ?", [.text(eventID)])
    }

    // MARK: Payments

    /// A budget's payments, oldest first.
    static func payments(of budgetID: String, _ sql: any SQLExecutor) async throws -> [PaymentRecord] {
        try await sql.query("SELECT \(PaymentRecord.columns) FROM rd_payments WHERE budget_id = ? ORDER BY position", [.text(budgetID)])
            .map(PaymentRecord.init(row:))
    }

    static func insertPayment(_ payment: PaymentRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "INSERT INTO rd_payments (\(PaymentRecord.columns)) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(payment.id), .text(payment.budgetID), SQLValue(payment.position), .integer(payment.amount), SQLValue(payment.date),
                SQLValue(payment.createdAt),
            ])
    }

    static func deletePayment(_ id: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_payments WHERE id = ?", [.text(id)])
    }
}
