import GRPCCore
import RushDayProto

/// The agenda (spec §4.6). Not built yet: each RPC answers `UNIMPLEMENTED`.
extension EventService {
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
}
