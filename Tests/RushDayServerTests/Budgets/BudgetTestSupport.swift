import GRPCCore
import HearthCore
import RushDayProto
import SwiftProtobuf

@testable import RushDayServer

extension RushDayHarness {
    @discardableResult
    func addExpense(
        _ user: TestUser, _ eventID: String, title: String, total: Int64,
        configure: (inout Rushday_V1_CreateBudgetRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_Budget {
        var request = Rushday_V1_CreateBudgetRequest()
        request.eventID = eventID
        request.title = title
        request.totalAmount = total
        configure(&request)
        return try await events.createBudget(request, metadata: try await auth(user))
    }

    func expenses(_ user: TestUser, _ eventID: String) async throws -> Rushday_V1_ListBudgetsResponse {
        var request = Rushday_V1_ListBudgetsRequest()
        request.eventID = eventID
        return try await events.listBudgets(request, metadata: try await auth(user))
    }

    @discardableResult
    func pay(_ user: TestUser, _ budgetID: String, _ amount: Int64, date: String? = nil) async throws -> Rushday_V1_Budget {
        var request = Rushday_V1_AddPaymentRequest()
        request.budgetID = budgetID
        request.amount = amount
        if let date { request.date = .iso(date) }
        return try await events.addPayment(request, metadata: try await auth(user))
    }

    @discardableResult
    func unpay(_ user: TestUser, _ budgetID: String, paymentID: String? = nil) async throws -> Rushday_V1_Budget {
        var request = Rushday_V1_RemovePaymentRequest()
        request.budgetID = budgetID
        if let paymentID { request.paymentID = paymentID }
        return try await events.removePayment(request, metadata: try await auth(user))
    }

    func removeExpense(_ user: TestUser, _ id: String) async throws {
        var request = Rushday_V1_DeleteBudgetRequest()
        request.id = id
        _ = try await events.deleteBudget(request, metadata: try await auth(user))
    }

    func eventBudget(_ user: TestUser, _ eventID: String) async throws -> Rushday_V1_EventBudget {
        var request = Rushday_V1_GetEventBudgetRequest()
        request.eventID = eventID
        return try await events.getEventBudget(request, metadata: try await auth(user))
    }

    @discardableResult
    func setEventBudget(
        _ user: TestUser, _ eventID: String, planned: Int64, code: String = "", symbol: String = ""
    ) async throws -> Rushday_V1_EventBudget {
        var request = Rushday_V1_UpsertEventBudgetRequest()
        request.eventID = eventID
        request.plannedBudget = planned
        request.currencyCode = code
        request.currencySymbol = symbol
        return try await events.upsertEventBudget(request, metadata: try await auth(user))
    }
}
