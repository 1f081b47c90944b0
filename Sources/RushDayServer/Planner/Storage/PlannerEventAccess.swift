import GRPCCore
import HearthCore
import HearthStore

/// Who may use the planner on an event (spec §2.3, §5.6): the usual roles on a published
/// event; on an AI draft its owner alone, or — while it is unclaimed and not expired — anyone
/// holding its id (the capability of §9.5, generators only).
enum PlannerEventAccess {
    /// The event for a generator: W on it, or an open AI-draft capability.
    static func writable(_ eventID: String, caller: VerifiedCaller?, now: Timestamp, _ sql: any SQLExecutor) async throws -> EventRecord {
        let event = try await EventStore.event(eventID, sql)
        if let event, try await AIDraftStore.isOpenCapability(event, now: now, sql) { return event }
        // Without a token only an open capability works; whether the id exists stays hidden.
        guard let caller else {
            throw RPCError(code: .unauthenticated, message: "authorization: a bearer token is required")
        }
        guard let event else { throw RPCFailure.notFound("event") }
        guard let role = try await role(on: event, for: caller, sql) else { throw RPCFailure.notFound("event") }
        guard role.canWrite else { throw RPCFailure.denied("a viewer cannot change the event") }
        return event
    }

    /// The event and the caller's role for chat (R); chat never uses the draft capability.
    static func readable(_ eventID: String, caller: VerifiedCaller, _ sql: any SQLExecutor) async throws -> (EventRecord, EventRole) {
        guard let event = try await EventStore.event(eventID, sql), let role = try await role(on: event, for: caller, sql) else {
            throw RPCFailure.notFound("event")
        }
        return (event, role)
    }

    static func role(on event: EventRecord, for caller: VerifiedCaller, _ sql: any SQLExecutor) async throws -> EventRole? {
        if event.isAIDraft { return event.ownerID == caller.userID ? .owner : nil }
        return try await EventStore.access(event.id, for: caller.userID, sql)?.role
    }
}
