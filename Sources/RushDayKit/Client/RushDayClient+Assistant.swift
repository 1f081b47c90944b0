import GRPCCore
import RushDayProto

/// The assistant's stored data (spec §5.8): chat history, saved conversations, hints and
/// topic checklists, private to (event, caller). An answer with `success` false ends as
/// ``RushDayError/server(_:)``.
extension RushDayClient {
    // MARK: History and saved conversations

    /// One page of chat history, oldest first within the page; pass `nextCursor` back as
    /// `cursor` for older messages while `hasMore_p` is true.
    public func chatHistory(
        eventID: String, limit: Int32 = 0, cursor: String? = nil, conversationID: String? = nil
    ) async throws -> Rushday_V1_GetChatHistoryResponse {
        var request = Rushday_V1_GetChatHistoryRequest()
        request.eventID = eventID
        request.limit = limit
        if let cursor { request.cursor = cursor }
        if let conversationID { request.conversationID = conversationID }
        let answer = try await authorized { try await plannerService.getChatHistory(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer
    }

    /// Saves (or renames) a conversation; without `title` the server takes its first question.
    public func saveConversation(eventID: String, conversationID: String, title: String? = nil) async throws -> Rushday_V1_SavedConversation {
        var request = Rushday_V1_SaveConversationRequest()
        request.eventID = eventID
        request.conversationID = conversationID
        if let title { request.title = title }
        let answer = try await authorized { try await plannerService.saveConversation(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.conversation
    }

    /// Forgets the saved record; the messages stay in the history.
    public func unsaveConversation(eventID: String, conversationID: String) async throws {
        var request = Rushday_V1_UnsaveConversationRequest()
        request.eventID = eventID
        request.conversationID = conversationID
        let answer = try await authorized { try await plannerService.unsaveConversation(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
    }

    /// The caller's saved conversations on the event, newest saved first.
    public func savedConversations(eventID: String) async throws -> [Rushday_V1_SavedConversation] {
        var request = Rushday_V1_GetSavedConversationsRequest()
        request.eventID = eventID
        let answer = try await authorized { try await plannerService.getSavedConversations(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.conversations
    }

    /// What to suggest asking next (`primaryHint`, `suggestedHints`).
    public func chatHints(
        eventID: String, conversationID: String? = nil, lastTopic: Rushday_V1_ChatTopic? = nil
    ) async throws -> Rushday_V1_GetChatHintsResponse {
        var request = Rushday_V1_GetChatHintsRequest()
        request.eventID = eventID
        if let conversationID { request.conversationID = conversationID }
        if let lastTopic { request.lastTopic = lastTopic }
        let answer = try await authorized { try await plannerService.getChatHints(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer
    }

    // MARK: Topic checklists

    /// Generates a checklist into a conversation (a new one when `conversationID` is nil);
    /// returns the assistant message carrying it in `checklist`.
    public func generateChecklist(
        eventID: String, topic: Rushday_V1_ChatTopic, conversationID: String? = nil
    ) async throws -> Rushday_V1_ChatMessage {
        var request = Rushday_V1_GenerateTopicChecklistRequest()
        request.eventID = eventID
        request.topic = topic
        if let conversationID { request.conversationID = conversationID }
        let answer = try await authorized { try await plannerService.generateTopicChecklist(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.message
    }

    public func saveChecklist(eventID: String, checklistID: String) async throws -> Rushday_V1_ChatChecklist {
        var request = Rushday_V1_SaveChecklistRequest()
        request.eventID = eventID
        request.checklistID = checklistID
        let answer = try await authorized { try await plannerService.saveChecklist(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.checklist
    }

    public func unsaveChecklist(eventID: String, checklistID: String) async throws {
        var request = Rushday_V1_UnsaveChecklistRequest()
        request.eventID = eventID
        request.checklistID = checklistID
        let answer = try await authorized { try await plannerService.unsaveChecklist(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
    }

    /// Ticks (or unticks) one item; returns the whole checklist.
    public func setChecklistItem(
        eventID: String, checklistID: String, itemID: String, checked: Bool
    ) async throws -> Rushday_V1_ChatChecklist {
        var request = Rushday_V1_UpdateChecklistItemRequest()
        request.eventID = eventID
        request.checklistID = checklistID
        request.itemID = itemID
        request.isChecked = checked
        let answer = try await authorized { try await plannerService.updateChecklistItem(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.checklist
    }

    /// The caller's saved checklists on the event, newest saved first.
    public func savedChecklists(eventID: String) async throws -> [Rushday_V1_ChatChecklist] {
        var request = Rushday_V1_GetSavedChecklistsRequest()
        request.eventID = eventID
        let answer = try await authorized { try await plannerService.getSavedChecklists(request, metadata: $0, options: $1) }
        guard answer.success else { throw RushDayError.server(answer.errorMessage) }
        return answer.checklists
    }
}
