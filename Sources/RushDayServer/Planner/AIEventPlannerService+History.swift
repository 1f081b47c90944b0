import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// Chat history paging and saved conversations (spec §5.8), private to (event, caller).
extension AIEventPlannerService {
    /// The opaque history cursor: base64url of "<created_at ms>:<seq>:<message id>".
    enum HistoryCursor {
        static func encode(_ message: ChatMessageRecord) -> String {
            Data("\(message.createdAt.millisecondsSince1970):\(message.seq):\(message.id)".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }

        static func decode(_ text: String) throws(RPCError) -> ChatStore.Position {
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            guard text.count <= 400, let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else {
                throw RPCFailure.invalid("cursor", "malformed cursor")
            }
            let parts = decoded.split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let milliseconds = Int64(parts[0]), let seq = Int64(parts[1]) else {
                throw RPCFailure.invalid("cursor", "malformed cursor")
            }
            return ChatStore.Position(createdAt: Timestamp(millisecondsSince1970: milliseconds), seq: seq)
        }
    }

    func getChatHistory(request: Rushday_V1_GetChatHistoryRequest, context: ServerContext) async throws -> Rushday_V1_GetChatHistoryResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let conversationID = try request.hasConversationID ? FieldRules.id(request.conversationID, "conversation_id") : nil
        guard (0...200).contains(request.limit) else { throw RPCFailure.invalid("limit", "must be 0–200") }
        let limit = request.limit == 0 ? 50 : Int(request.limit)
        let before = try request.hasCursor ? HistoryCursor.decode(request.cursor) : nil
        let (page, checklists) = try await database.read { sql in
            _ = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            if let conversationID, try await ChatStore.conversation(conversationID, eventID: eventID, userID: caller.userID, sql) == nil {
                throw RPCFailure.notFound("conversation")
            }
            let page = try await ChatStore.messages(
                eventID: eventID, userID: caller.userID, conversationID: conversationID, before: before, limit: limit + 1, sql)
            return (page, try await ChatStore.checklists(ids: page.compactMap(\.checklistID), sql))
        }
        let hasMore = page.count > limit
        let messages = Array(page.prefix(limit).reversed())
        var response = Rushday_V1_GetChatHistoryResponse()
        response.success = true
        response.messages = messages.map { $0.message(checklist: $0.checklistID.flatMap { checklists[$0] }) }
        response.hasMore_p = hasMore
        if hasMore, let oldest = messages.first { response.nextCursor = HistoryCursor.encode(oldest) }
        return response
    }

    /// The saved record of a conversation with its live preview and count.
    static func savedConversation(_ conversation: ChatConversationRecord, _ sql: any SQLExecutor) async throws -> Rushday_V1_SavedConversation {
        let messages = try await ChatStore.messages(ofConversation: conversation.id, sql)
        var saved = Rushday_V1_SavedConversation()
        saved.id = conversation.savedID ?? ""
        saved.eventID = conversation.eventID
        saved.conversationID = conversation.id
        saved.title = conversation.savedTitle ?? ""
        saved.preview = PlannerText.capped(messages.last(where: { $0.role == .assistant })?.content ?? "", 120)
        saved.messageCount = Int32(clamping: messages.count)
        saved.createdAt = .init(conversation.createdAt)
        if let savedAt = conversation.savedAt { saved.savedAt = .init(savedAt) }
        return saved
    }

    func saveConversation(
        request: Rushday_V1_SaveConversationRequest, context: ServerContext
    ) async throws -> Rushday_V1_SaveConversationResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let conversationID = try FieldRules.id(request.conversationID, "conversation_id")
        let givenTitle = try request.hasTitle ? FieldRules.optionalText(request.title, "title", maximum: 200) : nil
        let now = clock.now
        let saved = try await database.transaction { sql in
            _ = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            guard var conversation = try await ChatStore.conversation(conversationID, eventID: eventID, userID: caller.userID, sql) else {
                throw RPCFailure.notFound("conversation")
            }
            let messages = try await ChatStore.messages(ofConversation: conversationID, sql)
            conversation.savedID = conversation.savedID ?? UUID().uuidString.lowercased()
            conversation.savedTitle = givenTitle ?? PlannerText.capped(messages.first(where: { $0.role == .user })?.content ?? "", 60)
            conversation.savedAt = now
            try await ChatStore.setSaved(
                conversationID, savedID: conversation.savedID, title: conversation.savedTitle, savedAt: now, sql)
            return try await Self.savedConversation(conversation, sql)
        }
        var response = Rushday_V1_SaveConversationResponse()
        response.success = true
        response.conversation = saved
        return response
    }

    /// Deletes the saved record, not the messages.
    func unsaveConversation(
        request: Rushday_V1_UnsaveConversationRequest, context: ServerContext
    ) async throws -> Rushday_V1_UnsaveConversationResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let conversationID = try FieldRules.id(request.conversationID, "conversation_id")
        try await database.transaction { sql in
            _ = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            guard try await ChatStore.conversation(conversationID, eventID: eventID, userID: caller.userID, sql) != nil else {
                throw RPCFailure.notFound("conversation")
            }
            try await ChatStore.setSaved(conversationID, savedID: nil, title: nil, savedAt: nil, sql)
        }
        var response = Rushday_V1_UnsaveConversationResponse()
        response.success = true
        return response
    }

    func getSavedConversations(
        request: Rushday_V1_GetSavedConversationsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetSavedConversationsResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let saved = try await database.read { sql in
            _ = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            var result: [Rushday_V1_SavedConversation] = []
            for conversation in try await ChatStore.savedConversations(eventID: eventID, userID: caller.userID, sql) {
                result.append(try await Self.savedConversation(conversation, sql))
            }
            return result
        }
        var response = Rushday_V1_GetSavedConversationsResponse()
        response.success = true
        response.conversations = saved
        return response
    }
}
