import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_tasks` (spec §4.4 `Task`).
struct TaskRecord: Sendable, Hashable {
    var id: String
    var eventID: String
    var name: String
    var notes: String?
    var isDone: Bool
    var notification: Timestamp?
    var orderNumber: Int
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var completedAt: Timestamp?

    static let columns = "id, event_id, name, notes, is_done, notification, order_number, created_at, updated_at, completed_at"

    init(id: String, eventID: String, name: String, notes: String?, notification: Timestamp?, orderNumber: Int, now: Timestamp) {
        self.id = id
        self.eventID = eventID
        self.name = name
        self.notes = notes
        self.isDone = false
        self.notification = notification
        self.orderNumber = orderNumber
        self.createdAt = now
        self.updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        eventID = try row.string("event_id")
        name = try row.string("name")
        notes = try row.optionalString("notes")
        isDone = try row.bool("is_done")
        notification = try row.optionalTimestamp("notification")
        orderNumber = Int(try row.int("order_number"))
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
        completedAt = try row.optionalTimestamp("completed_at")
    }

    var message: Rushday_V1_Task {
        var message = Rushday_V1_Task()
        message.id = id
        message.eventID = eventID
        message.name = name
        if let notes { message.notes = notes }
        message.isDone = isDone
        if let notification { message.notification = .init(notification) }
        message.orderNumber = Int32(clamping: orderNumber)
        message.createdAt = .init(createdAt)
        message.updatedAt = .init(updatedAt)
        if let completedAt { message.completedAt = .init(completedAt) }
        return message
    }
}
