import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_chat_checklists`; its items are stored as JSON.
struct ChatChecklistRecord: Sendable, Hashable {
    struct Item: Sendable, Hashable, Codable {
        var id: String
        var text: String
        var checked: Bool
    }

    var id: String
    var conversationID: String
    var eventID: String
    var userID: String
    var topic: ChatTopicKind
    var title: String
    var description: String
    var items: [Item]
    var isSaved: Bool
    var savedAt: Timestamp?
    var createdAt: Timestamp

    static let columns = "id, conversation_id, event_id, user_id, topic, title, description, items, is_saved, saved_at, created_at"

    init(_ checklist: TopicChecklist, conversationID: String, eventID: String, userID: String, now: Timestamp) {
        id = checklist.id
        self.conversationID = conversationID
        self.eventID = eventID
        self.userID = userID
        topic = checklist.topic
        title = checklist.title
        description = checklist.description
        items = checklist.items.map { Item(id: $0.id, text: $0.text, checked: false) }
        isSaved = false
        createdAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        conversationID = try row.string("conversation_id")
        eventID = try row.string("event_id")
        userID = try row.string("user_id")
        topic = ChatTopicKind(rawValue: try row.string("topic")) ?? .general
        title = try row.string("title")
        description = try row.string("description")
        items = try PlannerJSON.decode([Item].self, from: try row.string("items"))
        isSaved = try row.bool("is_saved")
        savedAt = try row.optionalTimestamp("saved_at")
        createdAt = try row.timestamp("created_at")
    }

    var message: Rushday_V1_ChatChecklist {
        var message = Rushday_V1_ChatChecklist()
        message.id = id
        message.title = title
        message.description_p = description
        message.items = items.map { item in
            var entry = Rushday_V1_ChatChecklistItem()
            entry.id = item.id
            entry.text = item.text
            entry.isChecked = item.checked
            return entry
        }
        message.topic = PlannerProtoMapping.chatTopic(topic)
        message.isSaved = isSaved
        message.createdAt = .init(createdAt)
        message.conversationID = conversationID
        return message
    }
}
