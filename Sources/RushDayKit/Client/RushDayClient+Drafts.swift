import GRPCCore
import RushDayProto

/// Wizard drafts (spec §4.8): saved create-event forms, private to their creator.
extension RushDayClient {
    public func createDraft(_ data: Rushday_V1_DraftEventData) async throws -> Rushday_V1_DraftEvent {
        var request = Rushday_V1_CreateDraftEventRequest()
        request.data = data
        return try await authorized { try await eventService.createDraftEvent(request, metadata: $0, options: $1) }
    }

    /// Someone else's draft is ``RushDayError/notFound(_:)``.
    public func draft(id: String) async throws -> Rushday_V1_DraftEvent {
        var request = Rushday_V1_GetDraftEventRequest()
        request.id = id
        return try await authorized { try await eventService.getDraftEvent(request, metadata: $0, options: $1) }
    }

    /// Replaces the draft's whole `data` (fields left unset are cleared).
    public func updateDraft(id: String, data: Rushday_V1_DraftEventData) async throws -> Rushday_V1_DraftEvent {
        var request = Rushday_V1_UpdateDraftEventRequest()
        request.id = id
        request.data = data
        return try await authorized { try await eventService.updateDraftEvent(request, metadata: $0, options: $1) }
    }

    /// The caller's drafts, most recently changed first.
    public func drafts(page: Int32 = 1, limit: Int32 = 100) async throws -> Rushday_V1_ListDraftEventsResponse {
        var request = Rushday_V1_ListDraftEventsRequest()
        request.page = page
        request.limit = limit
        return try await authorized { try await eventService.listDraftEvents(request, metadata: $0, options: $1) }
    }

    public func deleteDraft(id: String) async throws {
        var request = Rushday_V1_DeleteDraftEventRequest()
        request.id = id
        _ = try await authorized { try await eventService.deleteDraftEvent(request, metadata: $0, options: $1) }
    }
}
