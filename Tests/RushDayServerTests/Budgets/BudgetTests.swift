import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import SwiftProtobuf
import Testing

@testable import RushDayServer

/// Spec §4.7 expenses ("budgets") and payments with §2.3–§2.8, over a real gRPC connection.
@Suite struct BudgetTests {
    @Test(arguments: TestEngine.available)
    func paymentStatusFollowsThePaymentsAndRemoveWithoutIDTakesTheLatest(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let budget = try await rd.addExpense(.ann, event.id, title: "Venue", total: 150_000)
            #expect(budget.paymentStatus == .unpaid)
            #expect(budget.paidAmount == 0 && budget.payments.isEmpty)
            let partial = try await rd.pay(.ann, budget.id, 50_000, date: "2026-03-02T10:00:00Z")
            #expect(partial.paymentStatus == .partial)
            #expect(partial.paidAmount == 50_000)
            #expect(partial.payments.first?.date == .iso("2026-03-02T10:00:00Z"))
            let paid = try await rd.pay(.ann, budget.id, 100_000)
            #expect(paid.paymentStatus == .paid)
            #expect(paid.paidAmount == 150_000)
            #expect(paid.payments.map(\.amount) == [50_000, 100_000])
            #expect(paid.payments.last?.date == .init(RushDayHarness.start))
            let removed = try await rd.unpay(.ann, budget.id)
            #expect(removed.paymentStatus == .partial)
            #expect(removed.paidAmount == 50_000)
            #expect(removed.payments.map(\.amount) == [50_000])
            let over = try await rd.pay(.ann, budget.id, 200_000)
            #expect(over.paymentStatus == .paid)
            #expect(over.paidAmount == 250_000)
        }
    }

    @Test(arguments: TestEngine.available)
    func removePaymentByIDNeedsAPaymentOfThatBudgetAndNoneLeftIsAFailedPrecondition(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let budget = try await rd.addExpense(.ann, event.id, title: "Cake", total: 10_000)
            let other = try await rd.addExpense(.ann, event.id, title: "Band", total: 10_000)
            #expect(await rpcCode { try await rd.unpay(.ann, budget.id) } == .failedPrecondition)
            let first = try await rd.pay(.ann, budget.id, 1_000).payments[0]
            _ = try await rd.pay(.ann, budget.id, 2_000)
            let foreign = try await rd.pay(.ann, other.id, 3_000).payments[0]
            #expect(await rpcCode { try await rd.unpay(.ann, budget.id, paymentID: foreign.id) } == .notFound)
            #expect(await rpcCode { try await rd.unpay(.ann, budget.id, paymentID: "nope") } == .notFound)
            #expect(await rpcCode { try await rd.unpay(.ann, budget.id, paymentID: "") } == .invalidArgument)
            let afterRemoval = try await rd.unpay(.ann, budget.id, paymentID: first.id)
            #expect(afterRemoval.payments.map(\.amount) == [2_000])
            _ = try await rd.unpay(.ann, budget.id)
            #expect(await rpcCode { try await rd.unpay(.ann, budget.id) } == .failedPrecondition)
            let untouched = try await rd.expenses(.ann, event.id).budgets.first { $0.id == other.id }
            #expect(untouched?.payments.map(\.amount) == [3_000])
        }
    }

    @Test(arguments: TestEngine.available)
    func amountsAndCategoriesAreValidatedWithNothingWritten(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let negative = await rpcError { try await rd.addExpense(.ann, event.id, title: "Venue", total: -1) }
            #expect(negative?.code == .invalidArgument)
            #expect(negative?.message.hasPrefix("total_amount:") == true)
            #expect(await rpcCode { try await rd.addExpense(.ann, event.id, title: "Venue", total: 10_000_000_000_001) } == .invalidArgument)
            let unknown = await rpcError { try await rd.addExpense(.ann, event.id, title: "Food", total: 1) { $0.category = "catering" } }
            #expect(unknown?.code == .invalidArgument)
            #expect(unknown?.message.hasPrefix("category:") == true)
            #expect(await rpcCode { try await rd.addExpense(.ann, event.id, title: "Food", total: 1) { $0.category = "Food_Catering" } } == .invalidArgument)
            #expect(await rpcCode { try await rd.addExpense(.ann, event.id, title: " ", total: 1) } == .invalidArgument)
            #expect(try await rd.expenses(.ann, event.id).budgets.isEmpty)
            let food = try await rd.addExpense(.ann, event.id, title: "Food", total: 10_000_000_000_000) { $0.category = "food_catering" }
            #expect(food.category == "food_catering")
            #expect(await rpcCode { try await rd.pay(.ann, food.id, 0) } == .invalidArgument)
            #expect(await rpcCode { try await rd.pay(.ann, food.id, 10_000_000_000_001) } == .invalidArgument)
            #expect(try await rd.expenses(.ann, event.id).budgets.first?.payments.isEmpty == true)
            #expect(await rpcCode { try await rd.addExpense(.ann, "nope", title: "Food", total: 1) } == .notFound)
            #expect(await rpcCode { try await rd.pay(.ann, "nope", 1) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func updateClearsAbsentNotesAndDateButKeepsAnAbsentCategory(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let budget = try await rd.addExpense(.ann, event.id, title: "Flowers", total: 5_000) {
                $0.notes = "Roses"
                $0.date = .iso("2026-06-01T00:00:00Z")
                $0.category = "flowers"
            }
            _ = try await rd.pay(.ann, budget.id, 1_000)
            rd.clock.advance(seconds: 20)
            var request = Rushday_V1_UpdateBudgetRequest()
            request.id = budget.id
            request.title = "Peonies"
            request.totalAmount = 8_000
            let updated = try await rd.events.updateBudget(request, metadata: try await rd.auth(.ann))
            #expect(updated.title == "Peonies" && updated.totalAmount == 8_000)
            #expect(!updated.hasNotes && !updated.hasDate)
            #expect(updated.category == "flowers")
            #expect(updated.paidAmount == 1_000 && updated.paymentStatus == .partial)
            #expect(updated.createdAt == budget.createdAt)
            #expect(updated.updatedAt.seconds == budget.updatedAt.seconds + 20)
            request.category = "decorations"
            #expect(try await rd.events.updateBudget(request, metadata: try await rd.auth(.ann)).category == "decorations")
            request.category = ""
            let cleared = try await rd.events.updateBudget(request, metadata: try await rd.auth(.ann))
            #expect(!cleared.hasCategory)
            request.category = "catering"
            #expect(await rpcCode { _ = try await rd.events.updateBudget(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
            request.clearCategory()
            request.totalAmount = -5
            #expect(await rpcCode { _ = try await rd.events.updateBudget(request, metadata: try await rd.auth(.ann)) } == .invalidArgument)
            #expect(try await rd.expenses(.ann, event.id).budgets.first?.totalAmount == 8_000)
        }
    }

    @Test(arguments: TestEngine.available)
    func listIsInCreationOrderWithBothTotals(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let venue = try await rd.addExpense(.ann, event.id, title: "Venue", total: 100_000)
            rd.clock.advance(seconds: 1)
            let cake = try await rd.addExpense(.ann, event.id, title: "Cake", total: 20_000)
            rd.clock.advance(seconds: 1)
            try await rd.addExpense(.ann, event.id, title: "Band", total: 30_000)
            try await rd.pay(.ann, venue.id, 40_000)
            try await rd.pay(.ann, cake.id, 20_000)
            let listed = try await rd.expenses(.ann, event.id)
            #expect(listed.budgets.map(\.title) == ["Venue", "Cake", "Band"])
            #expect(listed.budgets.map(\.paymentStatus) == [.partial, .paid, .unpaid])
            #expect(listed.totalAmount == 150_000)
            #expect(listed.paidAmount == 60_000)
            try await rd.removeExpense(.ann, cake.id)
            let after = try await rd.expenses(.ann, event.id)
            #expect(after.budgets.map(\.title) == ["Venue", "Band"])
            #expect(after.totalAmount == 130_000 && after.paidAmount == 40_000)
            #expect(try await rd.rowCount("rd_payments", where: "budget_id", is: cake.id) == 0)
            #expect(await rpcCode { try await rd.pay(.ann, cake.id, 1) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func aBudgetTakesAtMostOneHundredPayments(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let budget = try await rd.addExpense(.ann, event.id, title: "Instalments", total: 1_000)
            for _ in 1...100 { try await rd.pay(.ann, budget.id, 1) }
            #expect(await rpcCode { try await rd.pay(.ann, budget.id, 1) } == .resourceExhausted)
            let listed = try await rd.expenses(.ann, event.id).budgets[0]
            #expect(listed.payments.count == 100 && listed.paidAmount == 100)
        }
    }

    @Test(arguments: TestEngine.available)
    func concurrentPaymentsOnOneExpenseAllLandInOrder(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let budget = try await rd.addExpense(.ann, event.id, title: "Venue", total: 100)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 1...8 { group.addTask { try await rd.pay(.ann, budget.id, 5) } }
                try await group.waitForAll()
            }
            let listed = try await rd.expenses(.ann, event.id).budgets[0]
            #expect(listed.payments.count == 8 && listed.paidAmount == 40)
            #expect(listed.paymentStatus == .partial)
        }
    }

    @Test(arguments: TestEngine.available)
    func anEventTakesAtMostFiveHundredExpenses(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            let now = rd.clock.now
            try await rd.database.transaction { sql in
                for index in 1...500 {
                    try await BudgetStore.insert(
                        BudgetRecord(
                            id: "b\(index)", eventID: event.id, title: "Line \(index)", totalAmount: 1, notes: nil, date: nil,
                            category: .miscellaneous, now: now), sql)
                }
            }
            #expect(await rpcCode { try await rd.addExpense(.ann, event.id, title: "One more", total: 1) } == .resourceExhausted)
            let listed = try await rd.expenses(.ann, event.id)
            #expect(listed.budgets.count == 500 && listed.totalAmount == 500)
            #expect(listed.budgets.first?.category == "miscellaneous")
        }
    }

    @Test(arguments: TestEngine.available)
    func viewerReadsButCannotWriteAndAStrangerSeesNothing(engine: TestEngine) async throws {
        try await RushDayHarness.run(engine) { rd in
            let event = try await rd.createEvent(.ann)
            try await rd.addCoHost(.bob, to: event, role: "viewer")
            let budget = try await rd.addExpense(.ann, event.id, title: "Venue", total: 10_000)
            try await rd.pay(.ann, budget.id, 1_000)
            #expect(try await rd.expenses(.bob, event.id).budgets.map(\.id) == [budget.id])
            var update = Rushday_V1_UpdateBudgetRequest()
            update.id = budget.id
            update.title = "X"
            for user in [TestUser.bob, .cid] {
                let expected: RPCError.Code = user == .bob ? .permissionDenied : .notFound
                #expect(await rpcCode { try await rd.addExpense(user, event.id, title: "X", total: 1) } == expected)
                #expect(await rpcCode { _ = try await rd.events.updateBudget(update, metadata: try await rd.auth(user)) } == expected)
                #expect(await rpcCode { try await rd.pay(user, budget.id, 1) } == expected)
                #expect(await rpcCode { try await rd.unpay(user, budget.id) } == expected)
                #expect(await rpcCode { try await rd.removeExpense(user, budget.id) } == expected)
            }
            #expect(await rpcCode { _ = try await rd.expenses(.cid, event.id) } == .notFound)
            let unchanged = try await rd.expenses(.ann, event.id)
            #expect(unchanged.budgets.map(\.title) == ["Venue"] && unchanged.paidAmount == 1_000)

            try await rd.addCoHost(.cid, to: event, role: "admin")
            try await rd.pay(.cid, budget.id, 9_000)
            #expect(try await rd.expenses(.ann, event.id).budgets.first?.paymentStatus == .paid)
        }
    }
}
