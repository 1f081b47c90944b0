import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// Topic checklists (spec §5.8): generated into a conversation, then saved, ticked off and
/// listed; private to (event, caller), R on the event.
extension AIEventPlannerService {
    func generateTopicChecklist(
        request: Rushday_V1_GenerateTopicChecklistRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateTopicChecklistResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let topic = try Self.topic(request.topic, "topic") ?? .general
        let conversationID = try request.hasConversationID ? FieldRules.id(request.conversationID, "conversation_id") : nil
        let now = clock.now
        let (message, checklist) = try await database.transaction { sql in
            let (event, _) = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            let conversation = try await Self.conversation(conversationID, eventID: eventID, caller: caller, now: now, sql)
            let context = try await PlannerEventContextLoader.context(of: event, sql)
            let generated = PlannerOutputSanitiser.checklist(
                TopicChecklists.checklist(for: topic, event: context, makeID: { UUID().uuidString.lowercased() }))
            let checklist = ChatChecklistRecord(generated, conversationID: conversation.id, eventID: eventID, userID: caller.userID, now: now)
            try await ChatStore.insert(checklist, sql)
            let message = try await ChatStore.append(
                ChatMessageRecord(
                    id: UUID().uuidString.lowercased(), conversationID: conversation.id, eventID: eventID, userID: caller.userID,
                    role: .assistant, content: "Here is a \(topic.label.lowercased()) checklist for \(event.name).", topic: topic,
                    checklistID: checklist.id, createdAt: now),
                sql)
            return (message, checklist)
        }
        var response = Rushday_V1_GenerateTopicChecklistResponse()
        response.success = true
        response.message = message.message(checklist: checklist)
        return response
    }

    /// Loads the caller's checklist on a readable event, applies `change` and stores it.
    func changeChecklist(
        eventID rawEventID: String, checklistID rawChecklistID: String,
        _ change: @escaping @Sendable (inout ChatChecklistRecord, Timestamp) throws -> Void
    ) async throws -> ChatChecklistRecord {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(rawEventID, "event_id")
        let checklistID = try FieldRules.id(rawChecklistID, "checklist_id")
        let now = clock.now
        return try await database.transaction { sql in
            _ = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            guard var checklist = try await ChatStore.checklist(checklistID, eventID: eventID, userID: caller.userID, sql) else {
                throw RPCFailure.notFound("checklist")
            }
            try change(&checklist, now)
            try await ChatStore.update(checklist, sql)
            return checklist
        }
    }

    func saveChecklist(request: Rushday_V1_SaveChecklistRequest, context: ServerContext) async throws -> Rushday_V1_SaveChecklistResponse {
        let checklist = try await changeChecklist(eventID: request.eventID, checklistID: request.checklistID) { checklist, now in
            guard !checklist.isSaved else { return }
            checklist.isSaved = true
            checklist.savedAt = now
        }
        var response = Rushday_V1_SaveChecklistResponse()
        response.success = true
        response.checklist = checklist.message
        return response
    }

    func unsaveChecklist(
        request: Rushday_V1_UnsaveChecklistRequest, context: ServerContext
    ) async throws -> Rushday_V1_UnsaveChecklistResponse {
        _ = try await changeChecklist(eventID: request.eventID, checklistID: request.checklistID) { checklist, _ in
            checklist.isSaved = false
            checklist.savedAt = nil
        }
        var response = Rushday_V1_UnsaveChecklistResponse()
        response.success = true
        return response
    }

    func updateChecklistItem(
        request: Rushday_V1_UpdateChecklistItemRequest, context: ServerContext
    ) async throws -> Rushday_V1_UpdateChecklistItemResponse {
        let itemID = try FieldRules.id(request.itemID, "item_id")
        let checked = request.isChecked
        let checklist = try await changeChecklist(eventID: request.eventID, checklistID: request.checklistID) { checklist, _ in
            guard let index = checklist.items.firstIndex(where: { $0.id == itemID }) else { throw RPCFailure.notFound("checklist item") }
            checklist.items[index].checked = checked
        }
        var response = Rushday_V1_UpdateChecklistItemResponse()
        response.success = true
        response.checklist = checklist.message
        return response
    }

    func getSavedChecklists(
        request: Rushday_V1_GetSavedChecklistsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetSavedChecklistsResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let checklists = try await database.read { sql in
            _ = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            return try await ChatStore.savedChecklists(eventID: eventID, userID: caller.userID, sql)
        }
        var response = Rushday_V1_GetSavedChecklistsResponse()
        response.success = true
        response.checklists = checklists.map(\.message)
        return response
    }
}
