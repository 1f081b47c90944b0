import GRPCCore
import HearthCore
import HearthStore
import RushDayProto
import SwiftProtobuf

@testable import RushDayServer

extension RushDayHarness {
    @discardableResult
    func addAgendaItem(
        _ user: TestUser, _ eventID: String, title: String, start: String?, end: String? = nil,
        configure: (inout Rushday_V1_CreateAgendaRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_Agenda {
        var request = Rushday_V1_CreateAgendaRequest()
        request.eventID = eventID
        request.title = title
        if let start { request.startTime = .iso(start) }
        if let end { request.endTime = .iso(end) }
        configure(&request)
        return try await events.createAgenda(request, metadata: try await auth(user))
    }

    func agendaItems(_ user: TestUser, _ eventID: String) async throws -> [Rushday_V1_Agenda] {
        var request = Rushday_V1_ListAgendasRequest()
        request.eventID = eventID
        return try await events.listAgendas(request, metadata: try await auth(user)).agendas
    }

    func removeAgendaItem(_ user: TestUser, _ id: String) async throws {
        var request = Rushday_V1_DeleteAgendaRequest()
        request.id = id
        _ = try await events.deleteAgenda(request, metadata: try await auth(user))
    }

    func removeEvent(_ user: TestUser, _ id: String) async throws {
        var request = Rushday_V1_DeleteEventRequest()
        request.id = id
        _ = try await events.deleteEvent(request, metadata: try await auth(user))
    }

    /// Rows of `table` whose `column` equals `value`, read straight from storage.
    func rowCount(_ table: String, where column: String, is value: String) async throws -> Int64 {
        let row = try await database.read { sql in
            try await sql.queryFirst("SELECT COUNT(*) AS n FROM \(table) WHERE \(column) = ?", [.text(value)])
        }
        return try row?.int("n") ?? -1
    }
}
