import Foundation
import GRPCCore
import HearthCore
import HearthStore
import RushDayProto

/// The agenda (spec §4.6): R to list, W for every write; an item addressed by id alone is
/// resolved to its event first, then existence hiding applies (§2.3).
extension EventService {
    /// The item for a writer; `NOT_FOUND` when hidden, `PERMISSION_DENIED` for a viewer.
    static func writableAgendaItem(_ id: String, caller: VerifiedCaller, _ sql: any SQLExecutor) async throws -> AgendaRecord {
        guard let item = try await AgendaStore.item(id, sql),
            let access = try await EventStore.access(item.eventID, for: caller.userID, sql)
        else { throw RPCFailure.notFound("agenda item") }
        guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot edit the agenda") }
        return item
    }

    func createAgenda(request: Rushday_V1_CreateAgendaRequest, context: ServerContext) async throws -> Rushday_V1_Agenda {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let input = try AgendaInput(
            title: request.title, notes: request.hasNotes ? request.notes : nil, date: request.hasDate ? request.date : nil,
            startTime: request.hasStartTime ? request.startTime : nil, endTime: request.hasEndTime ? request.endTime : nil)
        let now = clock.now
        let item = try await database.transaction { sql in
            guard let access = try await EventStore.access(eventID, for: caller.userID, sql) else { throw RPCFailure.notFound("event") }
            guard access.role.canWrite else { throw RPCFailure.denied("a viewer cannot add agenda items") }
            try await EventRowLock.lock(eventID, sql)
            guard try await AgendaStore.count(of: eventID, sql) < AgendaInput.maxItemsPerEvent else {
                throw RPCFailure.exhausted("an event has at most \(AgendaInput.maxItemsPerEvent) agenda items")
            }
            let item = AgendaRecord(
                id: UUID().uuidString.lowercased(), eventID: eventID, title: input.title, notes: input.notes, date: input.date,
                startTime: input.startTime, endTime: input.endTime, now: now)
            try await AgendaStore.insert(item, sql)
            return item
        }
        return item.message
    }

    func listAgendas(request: Rushday_V1_ListAgendasRequest, context: ServerContext) async throws -> Rushday_V1_ListAgendasResponse {
        let caller = try Principal.requireCaller()
        let eventID = try FieldRules.id(request.eventID, "event_id")
        let items = try await database.read { sql in
            guard try await EventStore.access(eventID, for: caller.userID, sql) != nil else { throw RPCFailure.notFound("event") }
            return try await AgendaStore.list(of: eventID, sql)
        }
        var response = Rushday_V1_ListAgendasResponse()
        response.agendas = items.map(\.message)
        return response
    }

    /// Full replacement (§2.7): absent `notes`/`end_time` clear, absent `date` is recomputed.
    func updateAgenda(request: Rushday_V1_UpdateAgendaRequest, context: ServerContext) async throws -> Rushday_V1_Agenda {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        let input = try AgendaInput(
            title: request.title, notes: request.hasNotes ? request.notes : nil, date: request.hasDate ? request.date : nil,
            startTime: request.hasStartTime ? request.startTime : nil, endTime: request.hasEndTime ? request.endTime : nil)
        let now = clock.now
        let item = try await database.transaction { sql in
            var item = try await Self.writableAgendaItem(id, caller: caller, sql)
            item.title = input.title
            item.notes = input.notes
            item.date = input.date ?? AgendaRecord.utcDay(of: input.startTime)
            item.startTime = input.startTime
            item.endTime = input.endTime
            item.updatedAt = max(now, item.updatedAt)
            try await AgendaStore.update(item, sql)
            return item
        }
        return item.message
    }

    func deleteAgenda(request: Rushday_V1_DeleteAgendaRequest, context: ServerContext) async throws -> Rushday_V1_DeleteAgendaResponse {
        let caller = try Principal.requireCaller()
        let id = try FieldRules.id(request.id, "id")
        try await database.transaction { sql in
            let item = try await Self.writableAgendaItem(id, caller: caller, sql)
            try await AgendaStore.delete(item.id, sql)
        }
        var response = Rushday_V1_DeleteAgendaResponse()
        response.success = true
        return response
    }
}
