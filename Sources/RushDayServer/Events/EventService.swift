import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// `rushday.v1.EventService` (spec §4.2–§4.8): events here, then one file per area —
/// co-hosts, tasks, guests, agenda, budgets, wizard drafts (`EventService+<Area>.swift`).
struct EventService: Rushday_V1_EventService.SimpleServiceProtocol {
    let components: RushDayComponents

    var store: EventStore { components.events }
    var database: any HearthDatabase { components.services.database }
    var clock: any WallClock { components.services.clock }

    func createEvent(request: Rushday_V1_CreateEventRequest, context: ServerContext) async throws -> Rushday_V1_Event {
        let caller = try Principal.requireCaller()
        let name = try EventInput.name(request.name)
        let date = try EventInput.date(request.date, present: request.hasDate)
        let type = try request.hasType ? EventInput.type(request.type) : nil
        let event = EventRecord(
            id: UUID().uuidString.lowercased(), ownerID: caller.userID, name: name, type: type ?? "custom", date: date,
            endDate: try EventInput.endDate(request.endDate, present: request.hasEndDate, after: date), isAllDay: request.isAllDay,
            isDraft: request.isDraft, venue: try EventInput.venue(request.hasVenue ? request.venue : nil),
            customIdea: try EventInput.idea(request.hasCustomIdea ? request.customIdea : nil, "custom_idea"),
            themeIdea: try EventInput.idea(request.hasThemeIdea ? request.themeIdea : nil, "theme_idea"),
            image: try FieldRules.optionalURL(request.hasImage ? request.image : nil, "image"),
            inviteMessage: try EventInput.idea(request.hasInviteMessage ? request.inviteMessage : nil, "invite_message"), now: clock.now)
        try await store.insert(event)
        if !event.isDraft { await components.reminders.replan(event.id) }
        return try await visible(event.id, caller: caller)
    }

    func getEvent(request: Rushday_V1_GetEventRequest, context: ServerContext) async throws -> Rushday_V1_Event {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        return try await visible(id, caller: caller)
    }

    func listEvents(request: Rushday_V1_ListEventsRequest, context: ServerContext) async throws -> Rushday_V1_ListEventsResponse {
        let caller = try Principal.requireCaller()
        let paging = try Paging.events(page: request.page, limit: request.limit)
        let (events, total) = try await store.list(for: caller.userID, limit: paging.limit, offset: paging.offset)
        var response = Rushday_V1_ListEventsResponse()
        response.events = events.map { components.view.message($0, callerID: caller.userID) }
        response.totalCount = Int32(clamping: total)
        return response
    }

    /// The same list as `ListEvents`, in messages of `batch_size` (0 → 10, 1…50); only the
    /// last has `is_last`, and no events still send one empty last message.
    func streamEvents(
        request: Rushday_V1_StreamEventsRequest, response: RPCWriter<Rushday_V1_StreamEventsResponse>, context: ServerContext
    ) async throws {
        let caller = try Principal.requireCaller()
        let batchSize = request.batchSize == 0 ? 10 : Int(request.batchSize)
        guard (1...50).contains(batchSize) else { throw RPCFailure.invalid("batch_size", "must be 1–50") }
        let (events, _) = try await store.list(for: caller.userID, limit: Int(Int32.max), offset: 0)
        let messages = events.map { components.view.message($0, callerID: caller.userID) }
        var start = 0
        repeat {
            try Task.checkCancellation()
            let end = min(start + batchSize, messages.count)
            var batch = Rushday_V1_StreamEventsResponse()
            batch.events = Array(messages[start..<end])
            batch.isLast = end == messages.count
            try await response.write(batch)
            start = end
        } while start < messages.count
    }

    func updateEvent(request: Rushday_V1_UpdateEventRequest, context: ServerContext) async throws -> Rushday_V1_Event {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let name = try EventInput.name(request.name)
        let date = try EventInput.date(request.date, present: request.hasDate)
        let type = try EventInput.type(request.type)
        let endDate = try EventInput.endDate(request.endDate, present: request.hasEndDate, after: date)
        let venue = try EventInput.venue(request.hasVenue ? request.venue : nil)
        let customIdea = try EventInput.idea(request.hasCustomIdea ? request.customIdea : nil, "custom_idea")
        let image = try FieldRules.optionalURL(request.hasImage ? request.image : nil, "image")
        let inviteMessage = try EventInput.idea(request.hasInviteMessage ? request.inviteMessage : nil, "invite_message")
        let themeIdea: String?? = try request.hasThemeIdea ? .some(EventInput.idea(request.themeIdea, "theme_idea")) : .none
        let now = clock.now
        let (updated, recipients) = try await database.transaction { sql in
            guard var access = try await EventStore.access(id, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot edit the event") }
            if request.isDraft != access.event.isDraft && !access.role.isOwner {
                throw RPCFailure.denied("only the owner can move the event to or from drafts")
            }
            var event = access.event
            event.name = name
            event.date = date
            if let type { event.type = type }
            event.endDate = endDate
            event.isAllDay = request.isAllDay
            event.isDraft = request.isDraft
            event.venue = venue
            event.customIdea = customIdea
            event.image = image
            event.inviteMessage = inviteMessage
            if let themeIdea { event.themeIdea = themeIdea }
            event.updatedAt = max(now, event.updatedAt)
            try await EventStore.update(event, sql)
            if event.date != access.event.date || event.isDraft != access.event.isDraft {
                try await components.reminders.replan(id, sql)
            }
            access.event = event
            let members = ([event.ownerID].compactMap { $0 } + access.entries.filter(\.accepted).compactMap(\.userID))
                .filter { $0 != caller.userID }
            return (access, members)
        }
        await components.notifier.notify("event_updated", eventID: id, to: recipients, gatedByShare: true)
        return components.view.message(updated, callerID: caller.userID)
    }

    func deleteEvent(request: Rushday_V1_DeleteEventRequest, context: ServerContext) async throws -> Rushday_V1_DeleteEventResponse {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let coHosts = try await database.transaction { sql in
            guard let access = try await EventStore.access(id, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.isOwner else { throw RPCFailure.denied("only the owner can delete the event") }
            let coHosts = access.entries.filter(\.accepted).compactMap(\.userID)
            try await EventStore.delete(id, sql)
            return coHosts
        }
        await components.notifier.notify("event_deleted", eventID: id, to: coHosts, gatedByShare: false)
        var response = Rushday_V1_DeleteEventResponse()
        response.success = true
        return response
    }

    /// The event as the caller sees it, or `NOT_FOUND` (existence hiding, §2.3).
    func visible(_ id: String, caller: VerifiedCaller) async throws -> Rushday_V1_Event {
        guard let access = try await store.access(id, for: caller.userID) else { throw RPCFailure.notFound("event") }
        return components.view.message(access, callerID: caller.userID)
    }
}
