import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

extension Paging {
    static func drafts(page: Int32, limit: Int32) throws(RPCError) -> Paging {
        try Paging(page: page, limit: limit, defaultLimit: 20, maximum: 100)
    }
}

/// Wizard drafts (spec §4.8): saved create-event forms, private to their creator — anyone
/// else's draft is `NOT_FOUND` (§2.3). A draft is not an event and owns nothing.
extension EventService {
    func createDraftEvent(request: Rushday_V1_CreateDraftEventRequest, context: ServerContext) async throws -> Rushday_V1_DraftEvent {
        let caller = try Principal.requireCaller()
        let data = try DraftEventInput.validated(request.data)
        let draft = DraftEventRecord(id: UUID().uuidString.lowercased(), userID: caller.userID, data: data, now: clock.now)
        try await database.transaction { sql in try await DraftEventStore.insert(draft, sql) }
        return draft.message
    }

    func getDraftEvent(request: Rushday_V1_GetDraftEventRequest, context: ServerContext) async throws -> Rushday_V1_DraftEvent {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        guard let draft = try await database.read({ sql in try await DraftEventStore.draft(id, of: caller.userID, sql) }) else {
            throw RPCFailure.notFound("draft event")
        }
        return draft.message
    }

    /// Full replacement of `data` (absent `data` empties the draft).
    func updateDraftEvent(request: Rushday_V1_UpdateDraftEventRequest, context: ServerContext) async throws -> Rushday_V1_DraftEvent {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let data = try DraftEventInput.validated(request.data)
        let now = clock.now
        let draft = try await database.transaction { sql in
            guard var draft = try await DraftEventStore.draft(id, of: caller.userID, sql) else { throw RPCFailure.notFound("draft event") }
            draft.data = data
            draft.updatedAt = max(now, draft.updatedAt)
            try await DraftEventStore.update(draft, sql)
            return draft
        }
        return draft.message
    }

    func listDraftEvents(request: Rushday_V1_ListDraftEventsRequest, context: ServerContext) async throws -> Rushday_V1_ListDraftEventsResponse {
        let caller = try Principal.requireCaller()
        let paging = try Paging.drafts(page: request.page, limit: request.limit)
        let (drafts, total) = try await database.read { sql in
            try await DraftEventStore.page(of: caller.userID, limit: paging.limit, offset: paging.offset, sql)
        }
        var response = Rushday_V1_ListDraftEventsResponse()
        response.draftEvents = drafts.map(\.message)
        response.totalCount = Int32(clamping: total)
        return response
    }

    func deleteDraftEvent(
        request: Rushday_V1_DeleteDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_DeleteDraftEventResponse {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let deleted = try await database.transaction { sql in try await DraftEventStore.delete(id, of: caller.userID, sql) }
        guard deleted else { throw RPCFailure.notFound("draft event") }
        var response = Rushday_V1_DeleteDraftEventResponse()
        response.success = true
        return response
    }
}
