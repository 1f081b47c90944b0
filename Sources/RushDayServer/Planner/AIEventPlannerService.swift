import GRPCCore
import RushDayProto

/// `rushday.v1.AIEventPlannerService` (spec §5): the gRPC layer over the rule-based planner. Not built yet.
struct AIEventPlannerService: Rushday_V1_AIEventPlannerService.SimpleServiceProtocol {
    let components: RushDayComponents

    func generateEventPlans(
        request: Rushday_V1_GenerateEventPlansRequest, response: RPCWriter<Rushday_V1_GenerateEventPlansStreamResponse>, context: ServerContext
    ) async throws {
        throw RPCFailure.unimplemented
    }

    func getGeneratedPlans(
        request: Rushday_V1_GetGeneratedPlansRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateEventPlansResponse {
        throw RPCFailure.unimplemented
    }

    func getPlanDetails(
        request: Rushday_V1_GetPlanDetailsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetPlanDetailsResponse {
        throw RPCFailure.unimplemented
    }

    func createEventFromPlan(
        request: Rushday_V1_CreateEventFromPlanRequest, context: ServerContext
    ) async throws -> Rushday_V1_CreateEventFromPlanResponse {
        throw RPCFailure.unimplemented
    }

    func generateAgenda(
        request: Rushday_V1_GenerateAgendaRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateAgendaResponse {
        throw RPCFailure.unimplemented
    }

    func generateExpenses(
        request: Rushday_V1_GenerateExpensesRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateExpensesResponse {
        throw RPCFailure.unimplemented
    }

    func generateInviteMessage(
        request: Rushday_V1_GenerateInviteMessageRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateInviteMessageResponse {
        throw RPCFailure.unimplemented
    }

    func createAIDraftEvent(
        request: Rushday_V1_CreateAIDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_CreateAIDraftEventResponse {
        throw RPCFailure.unimplemented
    }

    func publishAIDraftEvent(
        request: Rushday_V1_PublishAIDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_PublishAIDraftEventResponse {
        throw RPCFailure.unimplemented
    }

    func claimDraftEvent(
        request: Rushday_V1_ClaimDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_ClaimDraftEventResponse {
        throw RPCFailure.unimplemented
    }

    func sendChatMessage(
        request: Rushday_V1_SendChatMessageRequest, context: ServerContext
    ) async throws -> Rushday_V1_SendChatMessageResponse {
        throw RPCFailure.unimplemented
    }

    func sendChatMessageStream(
        request: Rushday_V1_SendChatMessageRequest, response: RPCWriter<Rushday_V1_ChatStreamResponse>, context: ServerContext
    ) async throws {
        throw RPCFailure.unimplemented
    }

    func generateTopicChecklist(
        request: Rushday_V1_GenerateTopicChecklistRequest, context: ServerContext
    ) async throws -> Rushday_V1_GenerateTopicChecklistResponse {
        throw RPCFailure.unimplemented
    }

    func saveChecklist(
        request: Rushday_V1_SaveChecklistRequest, context: ServerContext
    ) async throws -> Rushday_V1_SaveChecklistResponse {
        throw RPCFailure.unimplemented
    }

    func unsaveChecklist(
        request: Rushday_V1_UnsaveChecklistRequest, context: ServerContext
    ) async throws -> Rushday_V1_UnsaveChecklistResponse {
        throw RPCFailure.unimplemented
    }

    func getChatHistory(
        request: Rushday_V1_GetChatHistoryRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetChatHistoryResponse {
        throw RPCFailure.unimplemented
    }

    func getSavedChecklists(
        request: Rushday_V1_GetSavedChecklistsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetSavedChecklistsResponse {
        throw RPCFailure.unimplemented
    }

    func saveConversation(
        request: Rushday_V1_SaveConversationRequest, context: ServerContext
    ) async throws -> Rushday_V1_SaveConversationResponse {
        throw RPCFailure.unimplemented
    }

    func unsaveConversation(
        request: Rushday_V1_UnsaveConversationRequest, context: ServerContext
    ) async throws -> Rushday_V1_UnsaveConversationResponse {
        throw RPCFailure.unimplemented
    }

    func getSavedConversations(
        request: Rushday_V1_GetSavedConversationsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetSavedConversationsResponse {
        throw RPCFailure.unimplemented
    }

    func updateChecklistItem(
        request: Rushday_V1_UpdateChecklistItemRequest, context: ServerContext
    ) async throws -> Rushday_V1_UpdateChecklistItemResponse {
        throw RPCFailure.unimplemented
    }

    func getChatHints(
        request: Rushday_V1_GetChatHintsRequest, context: ServerContext
    ) async throws -> Rushday_V1_GetChatHintsResponse {
        throw RPCFailure.unimplemented
    }
}
