import RushDayProto

/// The budget screen: expense lines with their payment state, their totals, and how they
/// compare with the planned budget. All amounts in minor units of ``currencyCode``.
public struct BudgetSummary: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var id: String
        public var title: String
        public var category: String
        public var total: Int64
        public var paid: Int64
        public var status: Rushday_V1_PaymentStatus
        /// What is left to pay (never negative: overpayment is allowed).
        public var outstanding: Int64 { max(0, total - paid) }
    }

    public var lines: [Line]
    public var currencyCode: String
    public var planned: Int64
    public var isPlannedSet: Bool
    public var totalExpenses: Int64
    public var totalPaid: Int64

    public init(budgets: [Rushday_V1_Budget], eventBudget: Rushday_V1_EventBudget? = nil) {
        lines = budgets.map { budget in
            let paid = budget.payments.reduce(Int64(0)) { $0 + $1.amount }
            return Line(
                id: budget.id, title: budget.title, category: budget.hasCategory ? budget.category : "miscellaneous",
                total: budget.totalAmount, paid: paid, status: Self.status(total: budget.totalAmount, paid: paid, payments: budget.payments.count))
        }
        currencyCode = eventBudget.map { $0.currencyCode.isEmpty ? "USD" : $0.currencyCode } ?? "USD"
        planned = eventBudget?.plannedBudget ?? 0
        isPlannedSet = eventBudget?.isSet ?? false
        totalExpenses = lines.reduce(0) { $0 + $1.total }
        totalPaid = lines.reduce(0) { $0 + $1.paid }
    }

    /// UNPAID with no payments, PAID once the payments cover the total, PARTIAL otherwise (spec §4.7.2).
    public static func status(total: Int64, paid: Int64, payments: Int) -> Rushday_V1_PaymentStatus {
        if payments == 0 { return .unpaid }
        return paid >= total ? .paid : .partial
    }

    /// Planned budget minus expenses; negative when over budget.
    public var remaining: Int64 { planned - totalExpenses }
    public var isOverBudget: Bool { isPlannedSet && totalExpenses > planned }
    /// What is still to be paid across all lines.
    public var outstanding: Int64 { lines.reduce(0) { $0 + $1.outstanding } }
    public var paidLines: Int { lines.filter { $0.status == .paid }.count }

    /// Expense totals per category key, largest first.
    public var byCategory: [(category: String, total: Int64)] {
        Dictionary(grouping: lines, by: \.category).map { ($0.key, $0.value.reduce(0) { $0 + $1.total }) }
            .sorted { $0.total != $1.total ? $0.total > $1.total : $0.category < $1.category }
    }

    public static func == (lhs: BudgetSummary, rhs: BudgetSummary) -> Bool {
        lhs.lines == rhs.lines && lhs.currencyCode == rhs.currencyCode && lhs.planned == rhs.planned && lhs.isPlannedSet == rhs.isPlannedSet
    }
}
