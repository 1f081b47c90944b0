import RushDayProto

extension RushDayClient {
    public func createAgenda(_ request: Rushday_V1_CreateAgendaRequest) async throws -> Rushday_V1_Agenda {
        try await authorized { try await eventService.createAgenda(request, metadata: $0, options: $1) }
    }

    /// The event's agenda items by start time.
    public func agendas(eventID: String) async throws -> [Rushday_V1_Agenda] {
        var request = Rushday_V1_ListAgendasRequest()
        request.eventID = eventID
        return try await authorized { try await eventService.listAgendas(request, metadata: $0, options: $1) }.agendas
    }

    public func updateAgenda(_ request: Rushday_V1_UpdateAgendaRequest) async throws -> Rushday_V1_Agenda {
        try await authorized { try await eventService.updateAgenda(request, metadata: $0, options: $1) }
    }

    public func deleteAgenda(id: String) async throws {
        var request = Rushday_V1_DeleteAgendaRequest()
        request.id = id
        _ = try await authorized { try await eventService.deleteAgenda(request, metadata: $0, options: $1) }
    }
}
