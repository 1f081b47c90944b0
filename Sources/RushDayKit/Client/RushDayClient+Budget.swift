import Foundation
import RushDayProto
import SwiftProtobuf

extension RushDayClient {
    /// Adds an expense line (`total_amount` in minor units).
    public func createBudget(_ request: Rushday_V1_CreateBudgetRequest) async throws -> Rushday_V1_Budget {
        try await authorized { try await eventService.createBudget(request, metadata: $0, options: $1) }
    }

    /// The event's expenses with their totals.
    public func budgets(eventID: String) async throws -> Rushday_V1_ListBudgetsResponse {
        var request = Rushday_V1_ListBudgetsRequest()
        request.eventID = eventID
        return try await authorized { try await eventService.listBudgets(request, metadata: $0, options: $1) }
    }

    public func updateBudget(_ request: Rushday_V1_UpdateBudgetRequest) async throws -> Rushday_V1_Budget {
        try await authorized { try await eventService.updateBudget(request, metadata: $0, options: $1) }
    }

    public func deleteBudget(id: String) async throws {
        var request = Rushday_V1_DeleteBudgetRequest()
        request.id = id
        _ = try await authorized { try await eventService.deleteBudget(request, metadata: $0, options: $1) }
    }

    /// Records a payment of `amount` minor units; returns the expense with its new status.
    public func addPayment(budgetID: String, amount: Int64, date: Date? = nil) async throws -> Rushday_V1_Budget {
        var request = Rushday_V1_AddPaymentRequest()
        request.budgetID = budgetID
        request.amount = amount
        if let date { request.date = Google_Protobuf_Timestamp(date: date) }
        return try await authorized { try await eventService.addPayment(request, metadata: $0, options: $1) }
    }

    /// Removes one payment, the most recent when `paymentID` is nil.
    public func removePayment(budgetID: String, paymentID: String? = nil) async throws -> Rushday_V1_Budget {
        var request = Rushday_V1_RemovePaymentRequest()
        request.budgetID = budgetID
        if let paymentID { request.paymentID = paymentID }
        return try await authorized { try await eventService.removePayment(request, metadata: $0, options: $1) }
    }

    /// The planned budget with live totals (never missing for an event you can see).
    public func eventBudget(eventID: String) async throws -> Rushday_V1_EventBudget {
        var request = Rushday_V1_GetEventBudgetRequest()
        request.eventID = eventID
        return try await authorized { try await eventService.getEventBudget(request, metadata: $0, options: $1) }
    }

    /// Sets the planned budget (minor units); `currencyCode` "" keeps the current one.
    public func setPlannedBudget(eventID: String, amount: Int64, currencyCode: String = "") async throws -> Rushday_V1_EventBudget {
        var request = Rushday_V1_UpsertEventBudgetRequest()
        request.eventID = eventID
        request.plannedBudget = amount
        request.currencyCode = currencyCode
        return try await authorized { try await eventService.upsertEventBudget(request, metadata: $0, options: $1) }
    }
}
