import GRPCCore
import RushDayProto

/// The EventService RPCs of spec §4.5–§4.8 (guests and RSVP, agenda, expenses and
/// payments, the event budget, wizard drafts) are not built yet: each answers
/// `UNIMPLEMENTED` explicitly rather than pretending to work.
extension EventService {
    func createGuest(request: Rushday_V1_CreateGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        throw RPCFailure.unimplemented
    }

    func listGuests(request: Rushday_V1_ListGuestsRequest, context: ServerContext) async throws -> Rushday_V1_ListGuestsResponse {
        throw RPCFailure.unimplemented
    }

    func batchCreateGuests(request: Rushday_V1_BatchCreateGuestsRequest, context: ServerContext) async throws -> Rushday_V1_BatchCreateGuestsResponse {
        throw RPCFailure.unimplemented
    }

    func getGuest(request: Rushday_V1_GetGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        throw RPCFailure.unimplemented
    }

    func updateGuest(request: Rushday_V1_UpdateGuestRequest, context: ServerContext) async throws -> Rushday_V1_Guest {
        throw RPCFailure.unimplemented
    }

    func deleteGuest(request: Rushday_V1_DeleteGuestRequest, context: ServerContext) async throws -> Rushday_V1_DeleteGuestResponse {
        throw RPCFailure.unimplemented
    }

    func createGuestInvitation(request: Rushday_V1_CreateGuestInvitationRequest, context: ServerContext) async throws -> Rushday_V1_GuestInvitation {
        throw RPCFailure.unimplemented
    }

    func getPublicGuestInvitation(request: Rushday_V1_GetPublicGuestInvitationRequest, context: ServerContext) async throws -> Rushday_V1_PublicGuestInvitation {
        throw RPCFailure.unimplemented
    }

    func respondToGuestInvitation(request: Rushday_V1_RespondToGuestInvitationRequest, context: ServerContext) async throws -> Rushday_V1_PublicGuestInvitation {
        throw RPCFailure.unimplemented
    }

    func createAgenda(request: Rushday_V1_CreateAgendaRequest, context: ServerContext) async throws -> Rushday_V1_Agenda {
        throw RPCFailure.unimplemented
    }

    func listAgendas(request: Rushday_V1_ListAgendasRequest, context: ServerContext) async throws -> Rushday_V1_ListAgendasResponse {
        throw RPCFailure.unimplemented
    }

    func updateAgenda(request: Rushday_V1_UpdateAgendaRequest, context: ServerContext) async throws -> Rushday_V1_Agenda {
        throw RPCFailure.unimplemented
    }

    func deleteAgenda(request: Rushday_V1_DeleteAgendaRequest, context: ServerContext) async throws -> Rushday_V1_DeleteAgendaResponse {
        throw RPCFailure.unimplemented
    }

    func createBudget(request: Rushday_V1_CreateBudgetRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func listBudgets(request: Rushday_V1_ListBudgetsRequest, context: ServerContext) async throws -> Rushday_V1_ListBudgetsResponse {
        throw RPCFailure.unimplemented
    }

    func updateBudget(request: Rushday_V1_UpdateBudgetRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func deleteBudget(request: Rushday_V1_DeleteBudgetRequest, context: ServerContext) async throws -> Rushday_V1_DeleteBudgetResponse {
        throw RPCFailure.unimplemented
    }

    func addPayment(request: Rushday_V1_AddPaymentRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func removePayment(request: Rushday_V1_RemovePaymentRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func getEventBudget(request: Rushday_V1_GetEventBudgetRequest, context: ServerContext) async throws -> Rushday_V1_EventBudget {
        throw RPCFailure.unimplemented
    }

    func upsertEventBudget(request: Rushday_V1_UpsertEventBudgetRequest, context: ServerContext) async throws -> Rushday_V1_EventBudget {
        throw RPCFailure.unimplemented
    }

    func createDraftEvent(request: Rushday_V1_CreateDraftEventRequest, context: ServerContext) async throws -> Rushday_V1_DraftEvent {
        throw RPCFailure.unimplemented
    }

    func getDraftEvent(request: Rushday_V1_GetDraftEventRequest, context: ServerContext) async throws -> Rushday_V1_DraftEvent {
        throw RPCFailure.unimplemented
    }

    func updateDraftEvent(request: Rushday_V1_UpdateDraftEventRequest, context: ServerContext) async throws -> Rushday_V1_DraftEvent {
        throw RPCFailure.unimplemented
    }

    func listDraftEvents(request: Rushday_V1_ListDraftEventsRequest, context: ServerContext) async throws -> Rushday_V1_ListDraftEventsResponse {
        throw RPCFailure.unimplemented
    }

    func deleteDraftEvent(
        request: Rushday_V1_DeleteDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_DeleteDraftEventResponse {
        throw RPCFailure.unimplemented
    }
}
