import GRPCCore
import RushDayProto

/// Expenses, payments and the event budget (spec §4.7). Not built yet: each RPC answers `UNIMPLEMENTED`.
extension EventService {
    func createBudget(request: Rushday_V1_CreateBudgetRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func listBudgets(request: Rushday_V1_ListBudgetsRequest, context: ServerContext) async throws -> Rushday_V1_ListBudgetsResponse {
        throw RPCFailure.unimplemented
    }

    func updateBudget(request: Rushday_V1_UpdateBudgetRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func deleteBudget(request: Rushday_V1_DeleteBudgetRequest, context: ServerContext) async throws -> Rushday_V1_DeleteBudgetResponse {
        throw RPCFailure.unimplemented
    }

    func addPayment(request: Rushday_V1_AddPaymentRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func removePayment(request: Rushday_V1_RemovePaymentRequest, context: ServerContext) async throws -> Rushday_V1_Budget {
        throw RPCFailure.unimplemented
    }

    func getEventBudget(request: Rushday_V1_GetEventBudgetRequest, context: ServerContext) async throws -> Rushday_V1_EventBudget {
        throw RPCFailure.unimplemented
    }

    func upsertEventBudget(request: Rushday_V1_UpsertEventBudgetRequest, context: ServerContext) async throws -> Rushday_V1_EventBudget {
        throw RPCFailure.unimplemented
    }
}
