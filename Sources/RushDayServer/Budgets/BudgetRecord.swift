import HearthCore
import HearthStore
import RushDayProto

/// One expense line, a row of `rd_budgets` with its payments (spec §3.3 `Budget`, §4.7.2).
struct BudgetRecord: Sendable, Hashable {
    var id: String
    var eventID: String
    var title: String
    var totalAmount: Int64
    var notes: String?
    var date: Timestamp?
    /// A key of the §4.7.1 vocabulary (`ExpenseCategory.key`), `nil` = uncategorised.
    var category: String?
    var createdAt: Timestamp
    var updatedAt: Timestamp
    /// Oldest first.
    var payments: [PaymentRecord] = []

    static let columns = "id, event_id, title, total_amount, notes, date, category, created_at, updated_at"

    init(
        id: String, eventID: String, title: String, totalAmount: Int64, notes: String?, date: Timestamp?, category: ExpenseCategory?,
        now: Timestamp
    ) {
        self.id = id
        self.eventID = eventID
        self.title = title
        self.totalAmount = totalAmount
        self.notes = notes
        self.date = date
        self.category = category?.key
        self.createdAt = now
        self.updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        eventID = try row.string("event_id")
        title = try row.string("title")
        totalAmount = try row.int("total_amount")
        notes = try row.optionalString("notes")
        date = try row.optionalTimestamp("date")
        category = try row.optionalString("category")
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }

    /// The sum of the payments (at most 100 × 10¹³, far inside `Int64`).
    var paidAmount: Int64 { payments.reduce(0) { $0 + $1.amount } }

    /// UNPAID with no payments, PAID once the payments cover the total (overpaying allowed), else PARTIAL.
    var paymentStatus: Rushday_V1_PaymentStatus {
        if payments.isEmpty { return .unpaid }
        return paidAmount >= totalAmount ? .paid : .partial
    }

    var message: Rushday_V1_Budget {
        var message = Rushday_V1_Budget()
        message.id = id
        message.eventID = eventID
        message.title = title
        message.totalAmount = totalAmount
        if let notes { message.notes = notes }
        if let date { message.date = .init(date) }
        message.payments = payments.map(\.message)
        message.createdAt = .init(createdAt)
        message.updatedAt = .init(updatedAt)
        if let category { message.category = category }
        message.paidAmount = paidAmount
        message.paymentStatus = paymentStatus
        return message
    }
}
