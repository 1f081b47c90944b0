import HearthCore
import HearthStore

/// `rd_chat_conversations`, `rd_chat_messages` and `rd_chat_checklists`: chat data private to
/// (event, user) (spec §5.8). Callers check access to the event first.
enum ChatStore {
    // MARK: Conversations

    static func insert(_ conversation: ChatConversationRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "INSERT INTO rd_chat_conversations (id, event_id, user_id, created_at) VALUES (?, ?, ?, ?)",
            [.text(conversation.id), .text(conversation.eventID), .text(conversation.userID), SQLValue(conversation.createdAt)])
    }

    /// The conversation when it belongs to `userID` on `eventID`.
    static func conversation(_ id: String, eventID: String, userID: String, _ sql: any SQLExecutor) async throws -> ChatConversationRecord? {
        try await sql.queryFirst(
            "SELECT \(ChatConversationRecord.columns) FROM rd_chat_conversations WHERE id = ? AND event_id = ? AND user_id = ?",
            [.text(id), .text(eventID), .text(userID)]
        ).map(ChatConversationRecord.init(row:))
    }

    static func setSaved(
        _ id: String, savedID: String?, title: String?, savedAt: Timestamp?, _ sql: any SQLExecutor
    ) async throws {
        try await sql.execute(
            "UPDATE rd_chat_conversations SET saved_id = ?, saved_title = ?, saved_at = ? WHERE id = ?",
            [SQLValue(savedID), SQLValue(title), SQLValue(savedAt), .text(id)])
    }

    /// Saved conversations of the user on the event, newest saved first.
    static func savedConversations(eventID: String, userID: String, _ sql: any SQLExecutor) async throws -> [ChatConversationRecord] {
        try await sql.query(
            """
            SELECT \(ChatConversationRecord.columns) FROM rd_chat_conversations
            WHERE event_id = ? AND user_id = ? AND saved_at IS NOT NULL ORDER BY saved_at DESC, id DESC
            """,
            [.text(eventID), .text(userID)]
        ).map(ChatConversationRecord.init(row:))
    }

    // MARK: Messages

    /// Appends a message after every earlier message of the user on the event.
    @discardableResult
    static func append(_ message: ChatMessageRecord, _ sql: any SQLExecutor) async throws -> ChatMessageRecord {
        var stored = message
        let last = try await sql.queryFirst(
            "SELECT MAX(seq) AS n FROM rd_chat_messages WHERE event_id = ? AND user_id = ?", [.text(message.eventID), .text(message.userID)])
        stored.seq = (try last?.optionalInt("n") ?? 0) + 1
        try await sql.execute(
            "INSERT INTO rd_chat_messages (\(ChatMessageRecord.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(stored.id), .text(stored.conversationID), .text(stored.eventID), .text(stored.userID), .integer(stored.seq),
                .integer(stored.role.rawValue), .text(stored.content), .text(stored.topic.key), SQLValue(stored.checklistID),
                SQLValue(stored.createdAt),
            ])
        return stored
    }

    /// The position of a message in history order (older first).
    struct Position: Sendable, Hashable {
        var createdAt: Timestamp
        var seq: Int64
    }

    /// Up to `limit` messages older than `before` (newest first), in the conversation or in
    /// all of the user's conversations on the event.
    static func messages(
        eventID: String, userID: String, conversationID: String?, before: Position?, limit: Int, _ sql: any SQLExecutor
    ) async throws -> [ChatMessageRecord] {
        var filter = "event_id = ? AND user_id = ?"
        var arguments: [SQLValue] = [.text(eventID), .text(userID)]
        if let conversationID {
            filter += " AND conversation_id = ?"
            arguments.append(.text(conversationID))
        }
        if let before {
            filter += " AND (created_at < ? OR (created_at = ? AND seq < ?))"
            arguments += [SQLValue(before.createdAt), SQLValue(before.createdAt), .integer(before.seq)]
        }
        return try await sql.query(
            "SELECT \(ChatMessageRecord.columns) FROM rd_chat_messages WHERE \(filter) ORDER BY created_at DESC, seq DESC LIMIT ?",
            arguments + [SQLValue(limit)]
        ).map(ChatMessageRecord.init(row:))
    }

    /// Every message of a conversation, oldest first.
    static func messages(ofConversation id: String, _ sql: any SQLExecutor) async throws -> [ChatMessageRecord] {
        try await sql.query(
            "SELECT \(ChatMessageRecord.columns) FROM rd_chat_messages WHERE conversation_id = ? ORDER BY created_at, seq", [.text(id)]
        ).map(ChatMessageRecord.init(row:))
    }

    // MARK: Checklists

    static func insert(_ checklist: ChatChecklistRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "INSERT INTO rd_chat_checklists (\(ChatChecklistRecord.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(checklist.id), .text(checklist.conversationID), .text(checklist.eventID), .text(checklist.userID),
                .text(checklist.topic.key), .text(checklist.title), .text(checklist.description),
                .text(try PlannerJSON.encode(checklist.items)), SQLValue(checklist.isSaved), SQLValue(checklist.savedAt),
                SQLValue(checklist.createdAt),
            ])
    }

    /// Writes the items and the saved state.
    static func update(_ checklist: ChatChecklistRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE rd_chat_checklists SET items = ?, is_saved = ?, saved_at = ? WHERE id = ?",
            [.text(try PlannerJSON.encode(checklist.items)), SQLValue(checklist.isSaved), SQLValue(checklist.savedAt), .text(checklist.id)])
    }

    /// The checklist when it belongs to `userID` on `eventID`.
    static func checklist(_ id: String, eventID: String, userID: String, _ sql: any SQLExecutor) async throws -> ChatChecklistRecord? {
        try await sql.queryFirst(
            "SELECT \(ChatChecklistRecord.columns) FROM rd_chat_checklists WHERE id = ? AND event_id = ? AND user_id = ?",
            [.text(id), .text(eventID), .text(userID)]
        ).map(ChatChecklistRecord.init(row:))
    }

    static func checklists(ids: [String], _ sql: any SQLExecutor) async throws -> [String: ChatChecklistRecord] {
        guard !ids.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try await sql.query(
            "SELECT \(ChatChecklistRecord.columns) FROM rd_chat_checklists WHERE id IN (\(placeholders))", ids.map { .text($0) })
        var result: [String: ChatChecklistRecord] = [:]
        for row in rows {
            let checklist = try ChatChecklistRecord(row: row)
            result[checklist.id] = checklist
        }
        return result
    }

    /// Saved checklists of the user on the event, newest saved first.
    static func savedChecklists(eventID: String, userID: String, _ sql: any SQLExecutor) async throws -> [ChatChecklistRecord] {
        try await sql.query(
            """
            SELECT \(ChatChecklistRecord.columns) FROM rd_chat_checklists
            WHERE event_id = ? AND user_id = ? AND is_saved = 1 ORDER BY saved_at DESC, id DESC
            """,
            [.text(eventID), .text(userID)]
        ).map(ChatChecklistRecord.init(row:))
    }

    // MARK: Removal

    /// Deletes every conversation, message and checklist of `userID` on `eventID` (a co-host
    /// removed from the event loses their chat data there, spec §4.3).
    static func deleteAll(eventID: String, userID: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_chat_conversations WHERE event_id = ? AND user_id = ?", [.text(eventID), .text(userID)])
    }
}
