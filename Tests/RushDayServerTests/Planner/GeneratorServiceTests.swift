import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

extension RushDayHarness {
    func generateAgenda(
        _ user: TestUser, _ eventID: String, configure: (inout Rushday_V1_GenerateAgendaRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_GenerateAgendaResponse {
        var request = Rushday_V1_GenerateAgendaRequest()
        request.eventID = eventID
        configure(&request)
        return try await planner.generateAgenda(request, metadata: try await auth(user))
    }

    func generateExpenses(
        _ user: TestUser, _ eventID: String, configure: (inout Rushday_V1_GenerateExpensesRequest) -> Void = { _ in }
    ) async throws -> Rushday_V1_GenerateExpensesResponse {
        var request = Rushday_V1_GenerateExpensesRequest()
        request.eventID = eventID
        configure(&request)
        return try await planner.generateExpenses(request, metadata: try await auth(user))
    }

    @discardableResult
    func createAgenda(_ user: TestUser, _ eventID: String, title: String, start: String, end: String? = nil) async throws -> Rushday_V1_Agenda {
        var request = Rushday_V1_CreateAgendaRequest()
        request.eventID = eventID
        request.title = title
        request.startTime = .iso(start)
        if let end { request.endTime = .iso(end) }
        return try await events.createAgenda(request, metadata: try await auth(user))
    }

    func setPlannedBudget(_ user: TestUser, _ eventID: String, _ amount: Int64) async throws {
        var request = Rushday_V1_UpsertEventBudgetRequest()
        request.eventID = eventID
        request.plannedBudget = amount
        _ = try await events.upsertEventBudget(request, metadata: try await auth(user))
    }
}

/// Generators on an existing event (spec §5.7, §6 #50–#53): W on the event, previews by
/// default, `apply` writes.
@Suite struct GeneratorServiceTests {
    @Test(arguments: TestEngine.available)
    func agendaPreviewFollowsTheTemplateAndStoresNothing(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let preview = try await rd.generateAgenda(.ann, event.id)
            #expect(preview.success)
            #expect(preview.agendaItems.count == 6)
            #expect(preview.agendaItems.first?.startTime == .iso("2026-06-13T18:00:00Z"))
            let dinner = preview.agendaItems.first { $0.title == "Dinner" }
            #expect(dinner?.startTime == .iso("2026-06-13T19:30:00Z") && dinner?.endTime == .iso("2026-06-13T20:30:00Z"))
            #expect(preview.createdAgendas.isEmpty)
            #expect(try await rd.listAgendas(.ann, event.id).isEmpty)
            let without = try await rd.generateAgenda(.ann, event.id) { $0.existingTitles = ["Dinner"] }
            #expect(without.agendaItems.count == 5)
            #expect(!without.agendaItems.contains { $0.title == "Dinner" })
        }
    }

    @Test(arguments: TestEngine.available)
    func appliedReplacementLeavesOnlyTheTemplateItems(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.createAgenda(.ann, event.id, title: "Toast", start: "2026-06-13T21:00:00Z")
            try await rd.createAgenda(.ann, event.id, title: "Pictures", start: "2026-06-13T22:00:00Z")
            let applied = try await rd.generateAgenda(.ann, event.id) {
                $0.apply = true
                $0.replaceExisting = true
            }
            #expect(applied.createdAgendas.count == 6)
            let stored = try await rd.listAgendas(.ann, event.id)
            #expect(stored.map(\.title) == applied.agendaItems.map(\.title))
            #expect(Set(stored.map(\.id)) == Set(applied.createdAgendas.map(\.id)))
        }
    }

    @Test(arguments: TestEngine.available)
    func expensesSplitThePlannedBudgetWithoutStoring(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.setPlannedBudget(.ann, event.id, 500_000)
            let generated = try await rd.generateExpenses(.ann, event.id)
            #expect(generated.success)
            #expect(generated.totalEstimated == 500_000 && generated.currencyCode == "USD")
            #expect(generated.expenseItems.reduce(0) { $0 + $1.estimatedCost } == 500_000)
            let keys = Set(ExpenseCategory.allCases.map(\.rawValue))
            #expect(generated.expenseItems.allSatisfy { keys.contains($0.category) && !$0.title.isEmpty })
            #expect(generated.createdBudgets.isEmpty)
            #expect(try await rd.listBudgets(.ann, event.id).isEmpty)

            let applied = try await rd.generateExpenses(.ann, event.id) { $0.apply = true }
            #expect(applied.createdBudgets.count == generated.expenseItems.count)
            #expect(try await rd.listBudgets(.ann, event.id).reduce(0) { $0 + $1.totalAmount } == 500_000)
            let again = try await rd.generateExpenses(.ann, event.id)
            #expect(again.success && again.expenseItems.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func replacingExpensesKeepsPaidOnesAndSkipsTheirCategories(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.setPlannedBudget(.ann, event.id, 500_000)
            var paid = Rushday_V1_CreateBudgetRequest()
            paid.eventID = event.id
            paid.title = "Caterer"
            paid.totalAmount = 200_000
            paid.category = "food_catering"
            let caterer = try await rd.events.createBudget(paid, metadata: try await rd.auth(.ann))
            var payment = Rushday_V1_AddPaymentRequest()
            payment.budgetID = caterer.id
            payment.amount = 50_000
            _ = try await rd.events.addPayment(payment, metadata: try await rd.auth(.ann))
            var unpaid = paid
            unpaid.title = "Balloons"
            unpaid.category = "decorations"
            _ = try await rd.events.createBudget(unpaid, metadata: try await rd.auth(.ann))

            let applied = try await rd.generateExpenses(.ann, event.id) {
                $0.apply = true
                $0.replaceExisting = true
            }
            #expect(!applied.expenseItems.contains { $0.category == "food_catering" })
            #expect(applied.expenseItems.contains { $0.category == "decorations" })
            let stored = try await rd.listBudgets(.ann, event.id)
            #expect(stored.contains { $0.id == caterer.id })
            #expect(!stored.contains { $0.title == "Balloons" })
            #expect(stored.count == 1 + applied.createdBudgets.count)
        }
    }

    @Test(arguments: TestEngine.available)
    func inviteMessageNamesTheEventAndItsWeekdayInTheOwnersZone(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let message = try await rd.inviteMessage(.ann, event.id)
            #expect(message.success)
            #expect(message.message.contains("Mia's 30th"))
            #expect(message.message.contains("Saturday, June 13 at 6:00 PM"))
            var device = Rushday_V1_RegisterDeviceRequest()
            device.fcmToken = "token-of-ann"
            device.timezoneOffset = 420
            _ = try await rd.users.registerDevice(device, metadata: try await rd.auth(.ann))
            #expect(try await rd.inviteMessage(.ann, event.id).message.contains("Sunday, June 14 at 1:00 AM"))
        }
    }

    @Test(arguments: TestEngine.available)
    func generatorsNeedWriteAccessAndHideTheEventFromStrangers(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            #expect(await rpcCode { _ = try await rd.generateAgenda(.bob, event.id) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.generateExpenses(.cid, event.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.inviteMessage(.cid, event.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.inviteMessage(nil, event.id) } == .unauthenticated)
            #expect(await rpcCode { _ = try await rd.generateAgenda(.ann, "") } == .invalidArgument)
        }
    }
}
