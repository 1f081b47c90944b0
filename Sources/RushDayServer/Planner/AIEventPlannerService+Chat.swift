import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// The assistant chat (spec §5.8): R on the event; chat data is private to (event, caller);
/// suggested actions only for W callers (the rules get `canEdit`). The assistant never writes
/// event data.
extension AIEventPlannerService {
    /// One stored exchange, ready to be answered unary or streamed.
    struct ChatExchange: Sendable {
        var reply: ChatReply
        var assistant: ChatMessageRecord
        var checklist: ChatChecklistRecord?
    }

    static func topic(_ value: Rushday_V1_ChatTopic, _ field: String) throws(RPCError) -> ChatTopicKind? {
        if case .UNRECOGNIZED = value { throw RPCFailure.invalid(field, "unknown topic") }
        return PlannerProtoMapping.chatTopic(value)
    }

    /// The given conversation (must be the caller's on this event) or a new one.
    static func conversation(
        _ id: String?, eventID: String, caller: VerifiedCaller, now: Timestamp, _ sql: any SQLExecutor
    ) async throws -> ChatConversationRecord {
        if let id {
            guard let conversation = try await ChatStore.conversation(id, eventID: eventID, userID: caller.userID, sql) else {
                throw RPCFailure.notFound("conversation")
            }
            return conversation
        }
        let conversation = ChatConversationRecord(id: UUID().uuidString.lowercased(), eventID: eventID, userID: caller.userID, createdAt: now)
        try await ChatStore.insert(conversation, sql)
        return conversation
    }

    /// Validates, answers and stores the user message and the reply in one transaction;
    /// `nil` when the provider failed (nothing stored).
    func chatExchange(_ request: Rushday_V1_SendChatMessageRequest) async throws -> ChatExchange? {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let text = try FieldRules.text(request.message, "message", 1...4000)
        let topic = try Self.topic(request.topic, "topic")
        let conversationID = try request.hasConversationID ? FieldRules.id(request.conversationID, "conversation_id") : nil
        let now = clock.now
        let provider = self.provider
        return try await database.transaction { sql -> ChatExchange? in
            let (event, role) = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            let conversation = try await Self.conversation(conversationID, eventID: eventID, caller: caller, now: now, sql)
            let input = ChatReplyInput(
                message: text, topic: topic, event: try await PlannerEventContextLoader.context(of: event, sql),
                tasks: try await TaskStore.tasks(of: eventID, sql).map { ChatTaskSnapshot(id: $0.id, title: $0.name, isDone: $0.isDone) },
                agenda: try await AgendaStore.list(of: eventID, sql).map {
                    ChatAgendaSnapshot(id: $0.id, title: $0.title, startTime: $0.startTime, endTime: $0.endTime)
                },
                expenses: try await BudgetStore.list(of: eventID, sql).map {
                    ChatExpenseSnapshot(id: $0.id, title: $0.title, category: $0.category, amount: $0.totalAmount)
                },
                canEdit: role.canWrite, now: now)
            guard case .value(let reply) = await Self.generate({ PlannerOutputSanitiser.chatReply(try await provider.chatReply(for: input)) })
            else { return nil }
            try await ChatStore.append(
                ChatMessageRecord(
                    id: UUID().uuidString.lowercased(), conversationID: conversation.id, eventID: eventID, userID: caller.userID,
                    role: .user, content: text, topic: topic ?? reply.topic, createdAt: now),
                sql)
            let checklist = reply.checklist.map {
                ChatChecklistRecord($0, conversationID: conversation.id, eventID: eventID, userID: caller.userID, now: now)
            }
            if let checklist { try await ChatStore.insert(checklist, sql) }
            let assistant = try await ChatStore.append(
                ChatMessageRecord(
                    id: UUID().uuidString.lowercased(), conversationID: conversation.id, eventID: eventID, userID: caller.userID,
                    role: .assistant, content: reply.content, topic: reply.topic, checklistID: checklist?.id, createdAt: now),
                sql)
            return ChatExchange(reply: reply, assistant: assistant, checklist: checklist)
        }
    }

    static func response(_ exchange: ChatExchange) -> Rushday_V1_SendChatMessageResponse {
        var response = Rushday_V1_SendChatMessageResponse()
        response.success = true
        response.responseMessage = exchange.assistant.message(checklist: exchange.checklist)
        if let checklist = exchange.checklist { response.checklist = checklist.message }
        response.hintText = exchange.reply.hintText
        response.suggestedTopics = exchange.reply.suggestedTopics
        response.conversationID = exchange.assistant.conversationID
        if let action = exchange.reply.action { response.suggestedAction = PlannerProtoMapping.suggestedAction(action) }
        response.toolExecutions = exchange.reply.tools.map(PlannerProtoMapping.toolExecution)
        return response
    }

    static let chatFailure = "The assistant could not answer; try again"

    func sendChatMessage(
        request: Rushday_V1_SendChatMessageRequest, context: ServerContext
    ) async throws -> Rushday_V1_SendChatMessageResponse {
        guard let exchange = try await chatExchange(request) else {
            var response = Rushday_V1_SendChatMessageResponse()
            response.errorMessage = Self.chatFailure
            return response
        }
        return Self.response(exchange)
    }

    /// Tool events (`in_progress`, then the final status), deltas, then `done` (§5.8).
    func sendChatMessageStream(
        request: Rushday_V1_SendChatMessageRequest, response: RPCWriter<Rushday_V1_ChatStreamResponse>, context: ServerContext
    ) async throws {
        guard let exchange = try await chatExchange(request) else {
            var error = Rushday_V1_GenerationError()
            error.code = "PROVIDER_ERROR"
            error.message = Self.chatFailure
            var message = Rushday_V1_ChatStreamResponse()
            message.error = error
            try await response.write(message)
            return
        }
        for event in ChatStreamFraming.events(for: exchange.reply) {
            try Task.checkCancellation()
            var message = Rushday_V1_ChatStreamResponse()
            switch event {
            case .tool(let run):
                message.toolExecution = PlannerProtoMapping.toolExecution(run)
            case .delta(let text):
                var delta = Rushday_V1_ChatDelta()
                delta.text = text
                delta.messageID = exchange.assistant.id
                message.delta = delta
            }
            try await response.write(message)
        }
        var done = Rushday_V1_ChatStreamResponse()
        done.done = Self.response(exchange)
        try await response.write(done)
    }

    func getChatHints(
        request: Rushday_V1_GetChatHintsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetChatHintsResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        if request.hasConversationID { _ = try FieldRules.id(request.conversationID, "conversation_id") }
        let lastTopic = try request.hasLastTopic ? Self.topic(request.lastTopic, "last_topic") : nil
        let now = clock.now
        let input = try await database.read { sql in
            let (event, _) = try await PlannerEventAccess.readable(eventID, caller: caller, sql)
            let context = try await PlannerEventContextLoader.context(of: event, sql)
            return ChatHintsInput(
                typeNoun: context.typeNoun, hasTasks: try await TaskStore.countAndMaxOrder(of: eventID, sql).count > 0,
                hasAgenda: try await AgendaStore.count(of: eventID, sql) > 0,
                budgetIsSet: try await EventBudgetStore.budget(of: eventID, sql)?.isSet ?? false, eventDate: event.date, now: now,
                lastTopic: lastTopic)
        }
        let hints = ChatHints.hints(for: input)
        var response = Rushday_V1_GetChatHintsResponse()
        response.success = true
        response.primaryHint = hints.primaryHint
        response.suggestedHints = hints.suggestedHints
        return response
    }
}
