import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_event_budgets`: the planned total of an event (spec §3.3 `EventBudget`).
/// An event without a row has an unset budget in its owner's currency.
struct EventBudgetRecord: Sendable, Hashable {
    var eventID: String
    var plannedBudget: Int64
    var currencyCode: String
    /// `nil` → derived from the code (§4.7.2 symbol list).
    var currencySymbol: String?
    var isSet: Bool
    var budgetMin: Int64?
    var budgetMax: Int64?
    var updatedAt: Timestamp

    static let columns = "event_id, planned_budget, currency_code, currency_symbol, is_set, budget_min, budget_max, updated_at"

    init(
        eventID: String, plannedBudget: Int64, currencyCode: String, currencySymbol: String?, isSet: Bool, budgetMin: Int64? = nil,
        budgetMax: Int64? = nil, updatedAt: Timestamp
    ) {
        self.eventID = eventID
        self.plannedBudget = plannedBudget
        self.currencyCode = currencyCode
        self.currencySymbol = currencySymbol
        self.isSet = isSet
        self.budgetMin = budgetMin
        self.budgetMax = budgetMax
        self.updatedAt = updatedAt
    }

    init(row: SQLRow) throws {
        eventID = try row.string("event_id")
        plannedBudget = try row.int("planned_budget")
        currencyCode = try row.string("currency_code")
        currencySymbol = try row.optionalString("currency_symbol")
        isSet = try row.bool("is_set")
        budgetMin = try row.optionalInt("budget_min")
        budgetMax = try row.optionalInt("budget_max")
        updatedAt = try row.timestamp("updated_at")
    }

    /// The shown symbol: the stored one, else the code's (§4.7.2).
    var symbol: String { currencySymbol ?? PlannerCurrency(code: currencyCode).symbol }

    /// The wire message with the live totals of the event's expenses.
    func message(totalExpenses: Int64, totalPaid: Int64) -> Rushday_V1_EventBudget {
        var message = Rushday_V1_EventBudget()
        message.eventID = eventID
        message.plannedBudget = plannedBudget
        message.currencyCode = currencyCode
        message.currencySymbol = symbol
        message.totalExpenses = totalExpenses
        message.totalPaid = totalPaid
        message.remaining = plannedBudget - totalExpenses
        message.isSet = isSet
        if let budgetMin { message.budgetMin = budgetMin }
        if let budgetMax { message.budgetMax = budgetMax }
        message.updatedAt = .init(updatedAt)
        return message
    }
}
