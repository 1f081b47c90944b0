import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// AI drafts (spec §5.6): created by anyone (anonymous callers need a session), hidden from
/// every list, claimed with the session and published by their owner.
extension AIEventPlannerService {
    static let maxMoney: Int64 = 10_000_000_000_000

    /// 8–128 characters of `A-Z a-z 0-9 - _`.
    static func sessionID(_ value: String, _ field: String) throws(RPCError) -> String {
        let allowed = value.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        guard (8...128).contains(value.unicodeScalars.count), allowed else {
            throw RPCFailure.invalid(field, "must be 8–128 characters of A-Z, a-z, 0-9, '-' and '_'")
        }
        return value
    }

    static func money(_ value: Int64, _ field: String) throws(RPCError) -> Int64 {
        guard (0...maxMoney).contains(value) else { throw RPCFailure.invalid(field, "must be between 0 and 10^13 minor units") }
        return value
    }

    func createAIDraftEvent(
        request: Rushday_V1_CreateAIDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_CreateAIDraftEventResponse {
        let caller = Principal.current.caller
        let session = try request.hasSessionID ? Self.sessionID(request.sessionID, "session_id") : nil
        if caller == nil && session == nil { throw RPCFailure.invalid("session_id", "required when not signed in") }
        let name = try FieldRules.text(request.name, "name", 0...200)
        let type = try FieldRules.text(request.eventType, "event_type", 0...50)
        let date = try EventInput.date(request.date, present: request.hasDate)
        let budgetPlan = try Self.money(request.budgetPlan, "budget_plan")
        guard (0...100_000).contains(request.guestsPlan) else { throw RPCFailure.invalid("guests_plan", "must be 0–100000") }
        let budgetMin = try request.hasBudgetMin ? Self.money(request.budgetMin, "budget_min") : nil
        let budgetMax = try request.hasBudgetMax ? Self.money(request.budgetMax, "budget_max") : nil
        if let budgetMin, let budgetMax, budgetMin > budgetMax { throw RPCFailure.invalid("budget_min", "must not exceed budget_max") }
        let image = try FieldRules.optionalURL(request.hasCoverImage ? request.coverImage : nil, "cover_image")
        let venue = try EventInput.venue(request.hasVenue ? request.venue : nil)
        let currency = try await currency(of: caller) ?? "USD"
        let now = clock.now
        var event = EventRecord(
            id: UUID().uuidString.lowercased(), ownerID: caller?.userID, name: name.isEmpty ? "Untitled event" : name,
            type: type.isEmpty ? "custom" : type, date: date, endDate: nil, isAllDay: false, isDraft: false, venue: venue,
            customIdea: nil, themeIdea: nil, image: image, inviteMessage: nil, now: now)
        event.isAIDraft = true
        event.plannedGuestCount = request.guestsPlan > 0 ? Int(request.guestsPlan) : nil
        var planned = budgetPlan
        if planned == 0, let budgetMin, let budgetMax { planned = budgetMin + (budgetMax - budgetMin) / 2 }
        let budget = EventBudgetRecord(
            eventID: event.id, plannedBudget: planned, currencyCode: currency, currencySymbol: nil,
            isSet: budgetPlan > 0 || budgetMin != nil || budgetMax != nil, budgetMin: budgetMin, budgetMax: budgetMax, updatedAt: now)
        let draft = event
        try await database.transaction { sql in
            try await AIDraftStore.purgeExpired(now: now, sql)
            try await EventStore.insert(draft, sql)
            try await EventBudgetStore.upsert(budget, sql)
            try await AIDraftStore.insert(eventID: draft.id, sessionID: session, now: now, sql)
        }
        var response = Rushday_V1_CreateAIDraftEventResponse()
        response.success = true
        response.eventID = event.id
        return response
    }

    func claimDraftEvent(
        request: Rushday_V1_ClaimDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_ClaimDraftEventResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let session = try FieldRules.id(request.sessionID, "session_id")
        let now = clock.now
        try await database.transaction { sql in
            guard let event = try await EventStore.event(eventID, sql) else { throw RPCFailure.notFound("draft") }
            guard event.isAIDraft else {
                if event.ownerID == caller.userID { throw RPCFailure.precondition("the event is already published") }
                throw RPCFailure.notFound("draft")
            }
            if event.ownerID == caller.userID { return }
            try await Self.claim(event, session: session, caller: caller, now: now, sql)
        }
        var response = Rushday_V1_ClaimDraftEventResponse()
        response.success = true
        response.eventID = eventID
        return response
    }

    func publishAIDraftEvent(
        request: Rushday_V1_PublishAIDraftEventRequest, context: ServerContext
    ) async throws -> Rushday_V1_PublishAIDraftEventResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let session = try request.hasSessionID ? FieldRules.id(request.sessionID, "session_id") : nil
        let now = clock.now
        let access = try await database.transaction { sql in
            guard var event = try await EventStore.event(eventID, sql) else { throw RPCFailure.notFound("draft") }
            if event.ownerID == nil {
                guard let session else { throw RPCFailure.notFound("draft") }
                try await Self.claim(event, session: session, caller: caller, now: now, sql)
                event.ownerID = caller.userID
            }
            guard event.ownerID == caller.userID else { throw RPCFailure.notFound("draft") }
            if event.isAIDraft {
                event.isAIDraft = false
                event.updatedAt = max(now, event.updatedAt)
                try await EventStore.update(event, sql)
            }
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("draft") }
            return access
        }
        var response = Rushday_V1_PublishAIDraftEventResponse()
        response.success = true
        response.eventID = eventID
        response.event = components.view.message(access, callerID: caller.userID)
        return response
    }

    /// Claims an unclaimed, unexpired draft whose session matches; `NOT_FOUND` otherwise.
    static func claim(_ event: EventRecord, session: String, caller: VerifiedCaller, now: Timestamp, _ sql: any SQLExecutor) async throws {
        guard event.isAIDraft, event.ownerID == nil, let stored = try await AIDraftStore.session(of: event.id, sql),
            stored.expiresAt > now, let storedSession = stored.sessionID, storedSession == session,
            try await AIDraftStore.claim(event.id, by: caller.userID, now: now, sql)
        else { throw RPCFailure.notFound("draft") }
    }
}
