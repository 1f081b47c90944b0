import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import SwiftProtobuf
import Testing

@testable import RushDayServer

/// Spec §4.7.2 planned budget of an event, over a real gRPC connection.
@Suite struct EventBudgetTests {
    @Test(arguments: TestEngine.available)
    func getBeforeAnyUpsertAnswersTheDefaultThenUpsertSetsItWithLiveTotals(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let initial = try await rd.eventBudget(.ann, event.id)
            #expect(!initial.isSet)
            #expect(initial.plannedBudget == 0)
            #expect(initial.currencyCode == "USD" && initial.currencySymbol == "$")
            #expect(initial.eventID == event.id)
            let venue = try await rd.addExpense(.ann, event.id, title: "Venue", total: 100_000)
            try await rd.addExpense(.ann, event.id, title: "Cake", total: 50_000)
            try await rd.pay(.ann, venue.id, 30_000)
            #expect(try await rd.eventBudget(.ann, event.id).remaining == -150_000)
            rd.clock.advance(seconds: 10)
            let set = try await rd.setEventBudget(.ann, event.id, planned: 500_000)
            #expect(set.isSet)
            #expect(set.plannedBudget == 500_000)
            #expect(set.totalExpenses == 150_000)
            #expect(set.totalPaid == 30_000)
            #expect(set.remaining == 350_000)
            #expect(set.currencyCode == "USD" && set.currencySymbol == "$")
            #expect(set.updatedAt == .init(RushDayHarness.start.adding(seconds: 10)))
            #expect(try await rd.eventBudget(.ann, event.id) == set)
        }
    }

    @Test(arguments: TestEngine.available)
    func theDefaultCurrencyIsTheOwnersAndAnEmptyCodeKeepsTheCurrentOne(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            var currency = Rushday_V1_UpdateUserRequest()
            currency.currency = "EUR"
            _ = try await rd.users.updateUser(currency, metadata: try await rd.auth(.ann))
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event, role: "admin")
            let initial = try await rd.eventBudget(.bob, event.id)
            #expect(initial.currencyCode == "EUR" && initial.currencySymbol == "€" && !initial.isSet)
            let kept = try await rd.setEventBudget(.bob, event.id, planned: 1_000)
            #expect(kept.currencyCode == "EUR" && kept.currencySymbol == "€")
            let yen = try await rd.setEventBudget(.ann, event.id, planned: 1_000, code: "JPY")
            #expect(yen.currencyCode == "JPY" && yen.currencySymbol == "¥" && yen.plannedBudget == 1_000)
            let custom = try await rd.setEventBudget(.ann, event.id, planned: 2_000, symbol: "JP¥")
            #expect(custom.currencyCode == "JPY" && custom.currencySymbol == "JP¥")
            let derived = try await rd.setEventBudget(.ann, event.id, planned: 2_000, code: "UZS")
            #expect(derived.currencySymbol == "so'm")
            let unknown = try await rd.setEventBudget(.ann, event.id, planned: 2_000, code: "XTS")
            #expect(unknown.currencySymbol == "XTS")
        }
    }

    @Test(arguments: TestEngine.available)
    func upsertValidatesEveryFieldWithNothingWritten(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let negative = await rpcError { try await rd.setEventBudget(.ann, event.id, planned: -1) }
            #expect(negative?.code == .invalidArgument)
            #expect(negative?.message.hasPrefix("planned_budget:") == true)
            #expect(await rpcCode { try await rd.setEventBudget(.ann, event.id, planned: 10_000_000_000_001) } == .invalidArgument)
            let code = await rpcError { try await rd.setEventBudget(.ann, event.id, planned: 1, code: "usd") }
            #expect(code?.message.hasPrefix("currency_code:") == true)
            let symbol = await rpcError { try await rd.setEventBudget(.ann, event.id, planned: 1, symbol: "123456789") }
            #expect(symbol?.message.hasPrefix("currency_symbol:") == true)
            #expect(try await rd.eventBudget(.ann, event.id).isSet == false)
            #expect(await rpcCode { try await rd.setEventBudget(.ann, "nope", planned: 1) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func viewerReadsButCannotUpsertAndAStrangerSeesNothing(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            try await rd.setEventBudget(.ann, event.id, planned: 9_000)
            #expect(try await rd.eventBudget(.bob, event.id).plannedBudget == 9_000)
            #expect(await rpcCode { try await rd.setEventBudget(.bob, event.id, planned: 1) } == .permissionDenied)
            #expect(await rpcCode { _ = try await rd.eventBudget(.cid, event.id) } == .notFound)
            #expect(await rpcCode { try await rd.setEventBudget(.cid, event.id, planned: 1) } == .notFound)
            #expect(try await rd.eventBudget(.ann, event.id).plannedBudget == 9_000)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheEventDeletesAgendaExpensesPaymentsAndItsBudget(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let kept = try await rd.createEvent(.ann, name: "Other")
            try await rd.addAgendaItem(.ann, event.id, title: "Dinner", start: "2026-06-13T19:00:00Z")
            let budget = try await rd.addExpense(.ann, event.id, title: "Venue", total: 10_000)
            try await rd.pay(.ann, budget.id, 5_000)
            try await rd.setEventBudget(.ann, event.id, planned: 20_000)
            try await rd.addExpense(.ann, kept.id, title: "Cake", total: 1_000)
            try await rd.removeEvent(.ann, event.id)
            #expect(await rpcCode { _ = try await rd.eventBudget(.ann, event.id) } == .notFound)
            #expect(await rpcCode { _ = try await rd.expenses(.ann, event.id) } == .notFound)
            #expect(await rpcCode { try await rd.pay(.ann, budget.id, 1) } == .notFound)
            #expect(try await rd.rowCount("rd_agenda", where: "event_id", is: event.id) == 0)
            #expect(try await rd.rowCount("rd_budgets", where: "event_id", is: event.id) == 0)
            #expect(try await rd.rowCount("rd_payments", where: "budget_id", is: budget.id) == 0)
            #expect(try await rd.rowCount("rd_event_budgets", where: "event_id", is: event.id) == 0)
            #expect(try await rd.expenses(.ann, kept.id).totalAmount == 1_000)
        }
    }
}
