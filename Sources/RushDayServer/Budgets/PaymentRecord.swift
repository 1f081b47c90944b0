import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_payments` (spec §3.3 `Payment`): `position` orders a budget's payments
/// by insertion.
struct PaymentRecord: Sendable, Hashable {
    var id: String
    var budgetID: String
    var position: Int
    var amount: Int64
    var date: Timestamp
    var createdAt: Timestamp

    static let columns = "id, budget_id, position, amount, date, created_at"

    init(id: String, budgetID: String, position: Int, amount: Int64, date: Timestamp, now: Timestamp) {
        self.id = id
        self.budgetID = budgetID
        self.position = position
        self.amount = amount
        self.date = date
        self.createdAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        budgetID = try row.string("budget_id")
        position = Int(try row.int("position"))
        amount = try row.int("amount")
        date = try row.timestamp("date")
        createdAt = try row.timestamp("created_at")
    }

    var message: Rushday_V1_Payment {
        var message = Rushday_V1_Payment()
        message.id = id
        message.amount = amount
        message.date = .init(date)
        message.createdAt = .init(createdAt)
        return message
    }
}
