import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_chat_conversations`: a conversation of one user on one event, with its
/// saved record (`SavedConversation`) when saved.
struct ChatConversationRecord: Sendable, Hashable {
    var id: String
    var eventID: String
    var userID: String
    var createdAt: Timestamp
    var savedID: String?
    var savedTitle: String?
    var savedAt: Timestamp?

    static let columns = "id, event_id, user_id, created_at, saved_id, saved_title, saved_at"

    init(id: String, eventID: String, userID: String, createdAt: Timestamp) {
        self.id = id
        self.eventID = eventID
        self.userID = userID
        self.createdAt = createdAt
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        eventID = try row.string("event_id")
        userID = try row.string("user_id")
        createdAt = try row.timestamp("created_at")
        savedID = try row.optionalString("saved_id")
        savedTitle = try row.optionalString("saved_title")
        savedAt = try row.optionalTimestamp("saved_at")
    }
}

/// One row of `rd_chat_messages`.
struct ChatMessageRecord: Sendable, Hashable {
    enum Role: Int64, Sendable {
        case user = 1, assistant = 2
    }

    var id: String
    var conversationID: String
    var eventID: String
    var userID: String
    /// Orders the user's messages on the event (assigned on insert).
    var seq: Int64 = 0
    var role: Role
    var content: String
    var topic: ChatTopicKind
    var checklistID: String?
    var createdAt: Timestamp

    static let columns = "id, conversation_id, event_id, user_id, seq, role, content, topic, checklist_id, created_at"

    init(
        id: String, conversationID: String, eventID: String, userID: String, role: Role, content: String, topic: ChatTopicKind,
        checklistID: String? = nil, createdAt: Timestamp
    ) {
        self.id = id
        self.conversationID = conversationID
        self.eventID = eventID
        self.userID = userID
        self.role = role
        self.content = content
        self.topic = topic
        self.checklistID = checklistID
        self.createdAt = createdAt
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        conversationID = try row.string("conversation_id")
        eventID = try row.string("event_id")
        userID = try row.string("user_id")
        seq = try row.int("seq")
        role = Role(rawValue: try row.int("role")) ?? .assistant
        content = try row.string("content")
        topic = ChatTopicKind(rawValue: try row.string("topic")) ?? .general
        checklistID = try row.optionalString("checklist_id")
        createdAt = try row.timestamp("created_at")
    }

    func message(checklist: ChatChecklistRecord?) -> Rushday_V1_ChatMessage {
        var message = Rushday_V1_ChatMessage()
        message.id = id
        message.content = content
        message.role = role == .user ? .user : .assistant
        message.createdAt = .init(createdAt)
        if let checklist { message.checklist = checklist.message }
        message.conversationID = conversationID
        message.topic = PlannerProtoMapping.chatTopic(topic)
        return message
    }
}
