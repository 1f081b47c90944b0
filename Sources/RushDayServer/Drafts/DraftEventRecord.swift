import HearthCore
import HearthStore
import RushDayProto
import SwiftProtobuf

/// One row of `rd_draft_events`: a saved create-event form (spec §1.2 "wizard draft",
/// §4.8). `data` is kept as the message's canonical proto3 JSON, so new optional fields
/// need no migration.
struct DraftEventRecord: Sendable {
    var id: String
    var userID: String
    var data: Rushday_V1_DraftEventData
    var createdAt: Timestamp
    var updatedAt: Timestamp

    static let columns = "id, user_id, data, created_at, updated_at"

    init(id: String, userID: String, data: Rushday_V1_DraftEventData, now: Timestamp) {
        self.id = id
        self.userID = userID
        self.data = data
        self.createdAt = now
        self.updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        userID = try row.string("user_id")
        data = try Rushday_V1_DraftEventData(jsonString: try row.string("data"))
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }

    func dataJSON() throws -> String { try data.jsonString() }

    var message: Rushday_V1_DraftEvent {
        var message = Rushday_V1_DraftEvent()
        message.id = id
        message.userID = userID
        message.data = data
        message.createdAt = .init(createdAt)
        message.updatedAt = .init(updatedAt)
        return message
    }
}
