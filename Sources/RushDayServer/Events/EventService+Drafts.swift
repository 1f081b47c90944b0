import GRPCCore
import RushDayProto

/// Wizard drafts (spec §4.8). Not built yet: each RPC answers `UNIMPLEMENTED`.
extension EventService {
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
