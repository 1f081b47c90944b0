import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// Expenses ("budgets" on the wire), their payments and the event's planned budget (spec
/// §4.7): R to read, W for every write; an expense addressed by id alone is resolved to its
/// event first, then existence hiding applies (§2.3).
extension EventService {
    /// The expense (with payments) for a writer; `NOT_FOUND` when hidden, `PERMISSION_DENIED` for a viewer.
    static func writableBudget(_ id: String, caller: VerifiedCaller, _ sql: any SQLExecutor) async throws -> BudgetRecord {
        guard let budget = try await BudgetStore.budget(id, forUpdate: true, sql),
            let access = try await EventStore.access(budget.eventID, for: caller.userID, sql)
        else { throw RPCFailure.notFound("budget") }
        guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot edit expenses") }
        return budget
    }

    func createBudget(request: Rushday_V1_CreateBudgetRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let title = try BudgetInput.title(request.title)
        let total = try BudgetInput.amount(request.totalAmount, "total_amount")
        let notes = try BudgetInput.notes(request.hasNotes ? request.notes : nil)
        let date = try TimestampInput.optional(request.date, present: request.hasDate, "date")
        let category = try request.hasCategory ? BudgetInput.category(request.category) : nil
        let now = clock.now
        let budget = try await database.transaction { sql in
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot add expenses") }
            try await EventRowLock.lock(eventID, sql)
            guard try await BudgetStore.count(of: eventID, sql) < BudgetInput.maxBudgetsPerEvent else {
                throw RPCFailure.exhausted("an event has at most \(BudgetInput.maxBudgetsPerEvent) expenses")
            }
            let budget = BudgetRecord(
                id: UUID().uuidString.lowercased(), eventID: eventID, title: title, totalAmount: total, notes: notes, date: date,
                category: category, now: now)
            try await BudgetStore.insert(budget, sql)
            return budget
        }
        return budget.message
    }

    func listBudgets(request: Rushday_V1_ListBudgetsRequest, context: ServerContext) async throws -> Rushday_V1_ListBudgetsResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let budgets = try await database.read { sql in
            guard try await EventStore.access(eventID, for: caller.userID, sql) != nil else { throw RPCFailure.notFound("event") }
            return try await BudgetStore.list(of: eventID, sql)
        }
        let totals = BudgetStore.totals(of: budgets)
        var response = Rushday_V1_ListBudgetsResponse()
        response.budgets = budgets.map(\.message)
        response.totalAmount = totals.totalAmount
        response.paidAmount = totals.paidAmount
        return response
    }

    /// §2.7: `notes`/`date` absent clear (form fields); `category` absent is unchanged, "" clears.
    func updateBudget(request: Rushday_V1_UpdateBudgetRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let title = try BudgetInput.title(request.title)
        let total = try BudgetInput.amount(request.totalAmount, "total_amount")
        let notes = try BudgetInput.notes(request.hasNotes ? request.notes : nil)
        let date = try TimestampInput.optional(request.date, present: request.hasDate, "date")
        let category: ExpenseCategory?? = try request.hasCategory ? .some(BudgetInput.category(request.category)) : .none
        let now = clock.now
        let budget = try await database.transaction { sql in
            var budget = try await Self.writableBudget(id, caller: caller, sql)
            budget.title = title
            budget.totalAmount = total
            budget.notes = notes
            budget.date = date
            if let category { budget.category = category?.key }
            budget.updatedAt = max(now, budget.updatedAt)
            try await BudgetStore.update(budget, sql)
            return budget
        }
        return budget.message
    }

    func deleteBudget(request: Rushday_V1_DeleteBudgetRequest, context: ServerContext) async throws -> Rushday_V1_DeleteBudgetResponse {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        try await database.transaction { sql in
            let budget = try await Self.writableBudget(id, caller: caller, sql)
            try await BudgetStore.delete(budget.id, sql)
        }
        var response = Rushday_V1_DeleteBudgetResponse()
        response.success = true
        return response
    }

    func addPayment(request: Rushday_V1_AddPaymentRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        let caller = try Principal.requireCaller()
        let budgetID = try FieldRules.id(request.budgetID, "budget_id")
        let amount = try BudgetInput.paymentAmount(request.amount)
        let date = try TimestampInput.optional(request.date, present: request.hasDate, "date")
        let now = clock.now
        let budget = try await database.transaction { sql in
            var budget = try await Self.writableBudget(budgetID, caller: caller, sql)
            guard budget.payments.count < BudgetInput.maxPaymentsPerBudget else {
                throw RPCFailure.exhausted("an expense has at most \(BudgetInput.maxPaymentsPerBudget) payments")
            }
            let payment = PaymentRecord(
                id: UUID().uuidString.lowercased(), budgetID: budgetID, position: (budget.payments.map(\.position).max() ?? -1) + 1,
                amount: amount, date: date ?? now, now: now)
            try await BudgetStore.insertPayment(payment, sql)
            budget.payments.append(payment)
            budget.updatedAt = max(now, budget.updatedAt)
            try await BudgetStore.update(budget, sql)
            return budget
        }
        return budget.message
    }

    /// With `payment_id` removes that payment; without it the most recently added one (§9 decision 4).
    func removePayment(request: Rushday_V1_RemovePaymentRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        let caller = try Principal.requireCaller()
        let budgetID = try FieldRules.id(request.budgetID, "budget_id")
        let paymentID = try request.hasPaymentID ? FieldRules.id(request.paymentID, "payment_id") : nil
        let now = clock.now
        let budget = try await database.transaction { sql in
            var budget = try await Self.writableBudget(budgetID, caller: caller, sql)
            let removed: PaymentRecord
            if let paymentID {
                guard let payment = budget.payments.first(where: { $0.id == paymentID }) else { throw RPCFailure.notFound("payment") }
                removed = payment
            } else {
                guard let latest = budget.payments.max(by: { $0.position < $1.position }) else {
                    throw RPCFailure.precondition("the expense has no payments to remove")
                }
                removed = latest
            }
            try await BudgetStore.deletePayment(removed.id, sql)
            budget.payments.removeAll { $0.id == removed.id }
            budget.updatedAt = max(now, budget.updatedAt)
            try await BudgetStore.update(budget, sql)
            return budget
        }
        return budget.message
    }

    /// Never `NOT_FOUND` for an accessible event: unset budgets answer the default (§4.7.2).
    func getEventBudget(request: Rushday_V1_GetEventBudgetRequest, context: ServerContext) async throws -> Rushday_V1_EventBudget {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        return try await database.read { sql in
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            let budget = try await EventBudgetStore.effective(of: access.event, sql)
            let totals = try await BudgetStore.totals(of: eventID, sql)
            return budget.message(totalExpenses: totals.totalAmount, totalPaid: totals.paidAmount)
        }
    }

    /// Sets the planned total; "" keeps the currency code, "" symbol is derived. Amounts are never converted.
    func upsertEventBudget(request: Rushday_V1_UpsertEventBudgetRequest, context: ServerContext) async throws -> Rushday_V1_EventBudget {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let planned = try BudgetInput.amount(request.plannedBudget, "planned_budget")
        let code = try request.currencyCode.isEmpty ? nil : FieldRules.currency(request.currencyCode, "currency_code")
        let symbol = try BudgetInput.symbol(request.currencySymbol)
        let now = clock.now
        return try await database.transaction { sql in
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot change the event budget") }
            var budget = try await EventBudgetStore.effective(of: access.event, sql)
            budget.plannedBudget = planned
            if let code { budget.currencyCode = code }
            budget.currencySymbol = symbol
            budget.isSet = true
            budget.updatedAt = max(now, budget.updatedAt)
            try await EventBudgetStore.upsert(budget, sql)
            let totals = try await BudgetStore.totals(of: eventID, sql)
            return budget.message(totalExpenses: totals.totalAmount, totalPaid: totals.paidAmount)
        }
    }
}
