import GRPCCore
import HearthCore
import HearthTesting
import RushDayProto
import Testing

@testable import RushDayServer

/// `GenerateEventPlans`, `GetGeneratedPlans`, `GetPlanDetails` and `CreateEventFromPlan` over
/// real gRPC (spec §5.3–§5.5, §6 #42–#47).
@Suite struct PlanGenerationServiceTests {
    @Test(arguments: TestEngine.available)
    func anonymousStreamSendsProgressThenThreePlansThenComplete(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let messages = try await rd.generatePlans(nil, RushDayHarness.birthdayPlanRequest())
            var percentages: [Int32] = []
            var tiers: [Rushday_V1_PlanTier] = []
            var kinds: [String] = []
            for message in messages {
                switch message.payload {
                case .progress(let progress):
                    percentages.append(progress.percentage)
                    kinds.append("progress")
                case .planSummary(let plan):
                    tiers.append(plan.tier)
                    kinds.append("plan")
                    #expect(plan.suggestedTasks.isEmpty && plan.suggestedAgenda.isEmpty && plan.suggestedVendors.isEmpty)
                case .complete(let complete):
                    kinds.append("complete")
                    #expect(complete.totalPlans == 3)
                    #expect(!complete.generationID.isEmpty)
                default:
                    kinds.append("other")
                }
            }
            #expect(percentages == [10, 30, 50, 70, 90, 100])
            #expect(tiers == [.standard, .aiRecommended, .popular])
            #expect(kinds == ["progress", "progress", "progress", "progress", "progress", "plan", "plan", "plan", "progress", "complete"])
            #expect(try await rd.generationCount() == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func balancedTargetIsDeterministicApartFromIDs(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let first = try await rd.generation(nil, RushDayHarness.birthdayPlanRequest(target: .balanced))
            let second = try await rd.generation(nil, RushDayHarness.birthdayPlanRequest(target: .balanced))
            #expect(first.plans.count == 1 && second.plans.count == 1)
            guard var a = first.plans.first, var b = second.plans.first else { return }
            #expect(a.id != b.id)
            #expect(first.id != second.id)
            #expect(a.title == "Classic Birthday Celebration")
            #expect(a.matchScore == 89)
            #expect(a.estimatedBudget.minAmount == 255_000 && a.estimatedBudget.maxAmount == 345_000)
            #expect(a.estimatedBudget.currencyCode == "USD")
            a.id = ""
            b.id = ""
            #expect(a == b)
        }
    }

    @Test(arguments: TestEngine.available)
    func includeTasksListsSixOrTenSortedUniqueTasks(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            for (target, count) in [(Rushday_V1_TargetPlanStyle.budget, 6), (.premium, 10)] {
                let generated = try await rd.generation(nil, RushDayHarness.birthdayPlanRequest(target: target) { $0.includeTasks = true })
                let tasks = generated.plans.first?.suggestedTasks ?? []
                #expect(tasks.count == count)
                #expect(tasks.map(\.daysBeforeEvent) == tasks.map(\.daysBeforeEvent).sorted(by: >))
                #expect(Set(tasks.map { $0.title.lowercased() }).count == tasks.count)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func missingEventTypeIsInvalidArgumentBeforeAnyMessage(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let received = Counter()
            var request = RushDayHarness.birthdayPlanRequest()
            request.eventType = .unspecified
            let error = await rpcError {
                _ = try await rd.planner.generateEventPlans(request) { response in
                    for try await _ in response.messages { await received.increment() }
                }
            }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.hasPrefix("event_type") == true)
            let stored = try await rd.generationCount()
            #expect(await received.value == 0)
            #expect(stored == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func planDetailsNeedSignInAndBelongToTheFirstUser(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let sibling = try await rd.generation(nil, RushDayHarness.birthdayPlanRequest(target: .budget))
            let balanced = try await rd.generation(nil, RushDayHarness.birthdayPlanRequest(target: .balanced))
            let planID = balanced.plans.first?.id ?? ""
            #expect(await rpcCode { _ = try await rd.planDetails(nil, generationID: sibling.id, planID: planID) } == .unauthenticated)
            let details = try await rd.planDetails(.ann, generationID: sibling.id, planID: planID)
            #expect(details.success)
            #expect(details.plan.id == planID)
            #expect(details.plan.suggestedTasks.count == 8)
            #expect(!details.plan.suggestedAgenda.isEmpty && !details.plan.suggestedVendors.isEmpty)
            #expect(await rpcCode { _ = try await rd.planDetails(.bob, generationID: balanced.id, planID: planID) } == .notFound)
            var plans = Rushday_V1_GetGeneratedPlansRequest()
            plans.generationID = balanced.id
            #expect(await rpcCode { _ = try await rd.planner.getGeneratedPlans(plans, metadata: try await rd.auth(.bob)) } == .notFound)
            let all = try await rd.planner.getGeneratedPlans(plans, metadata: try await rd.auth(.ann))
            #expect(all.plans.map(\.id) == [planID])
            #expect(all.plans.first?.suggestedTasks.count == 8)
        }
    }

    @Test(arguments: TestEngine.available)
    func createEventFromPlanCreatesChosenTasksAndBudgetsSummingToTheMidpoint(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let generated = try await rd.generation(.ann, RushDayHarness.birthdayPlanRequest(target: .balanced) { $0.includeTasks = true })
            let plan = try #require(generated.plans.first)
            #expect(plan.suggestedTasks.count == 8)
            let chosen = [plan.suggestedTasks[1].id, plan.suggestedTasks[4].id, plan.suggestedTasks[6].id]
            var request = Rushday_V1_CreateEventFromPlanRequest()
            request.generationID = generated.id
            request.planID = plan.id
            request.date = .iso("2026-06-13T18:00:00Z")
            request.selectedTaskIds = chosen
            request.includeExpenses = true
            var unknown = request
            unknown.selectedTaskIds = [chosen[0], "nope"]
            let refused = await rpcError { _ = try await rd.planner.createEventFromPlan(unknown, metadata: try await rd.auth(.ann)) }
            #expect(refused?.code == .invalidArgument)
            #expect(refused?.message.hasPrefix("selected_task_ids") == true)
            #expect(try await rd.listEvents(.ann).events.isEmpty)

            let created = try await rd.planner.createEventFromPlan(request, metadata: try await rd.auth(.ann))
            #expect(created.success && created.tasksCreated == 3 && created.agendaItemsCreated == 0)
            #expect(created.event.type == "birthday")
            #expect(created.event.name == "Classic Birthday Celebration")
            #expect(try await rd.listEvents(.ann).events.map(\.id) == [created.eventID])
            let tasks = try await rd.listTasks(.ann, created.eventID).tasks
            #expect(tasks.map(\.name) == [plan.suggestedTasks[1].title, plan.suggestedTasks[4].title, plan.suggestedTasks[6].title])
            let budgets = try await rd.listBudgets(.ann, created.eventID)
            #expect(budgets.count == Int(created.expensesCreated))
            #expect(budgets.reduce(0) { $0 + $1.totalAmount } == 300_000)
        }
    }

    @Test(arguments: TestEngine.available)
    func createEventFromPlanNeedsADateAndReanchorsTheAgenda(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            let generated = try await rd.generation(nil, RushDayHarness.birthdayPlanRequest(target: .premium))
            let plan = try #require(generated.plans.first)
            var request = Rushday_V1_CreateEventFromPlanRequest()
            request.generationID = generated.id
            request.planID = plan.id
            request.includeAgenda = true
            let undated = await rpcError { _ = try await rd.planner.createEventFromPlan(request, metadata: try await rd.auth(.ann)) }
            #expect(undated?.code == .invalidArgument)
            #expect(undated?.message.hasPrefix("date") == true)
            request.date = .iso("2026-06-13T18:00:00Z")
            request.name = "Mia's 30th"
            let created = try await rd.planner.createEventFromPlan(request, metadata: try await rd.auth(.ann))
            #expect(created.event.name == "Mia's 30th" && created.event.themeIdea == plan.title)
            #expect(created.agendaItemsCreated == 6 && created.expensesCreated == 0)
            let agenda = try await rd.listAgendas(.ann, created.eventID)
            #expect(agenda.first?.startTime == .iso("2026-06-13T18:00:00Z"))
            #expect(agenda.count == 6)
            // The first signed-in user made the anonymous generation theirs.
            #expect(await rpcCode { _ = try await rd.planner.createEventFromPlan(request, metadata: try await rd.auth(.bob)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func signedInPlansUseTheCallersCurrencyAndGenerationsExpire(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine) { rd in
            var update = Rushday_V1_UpdateUserRequest()
            update.currency = "EUR"
            _ = try await rd.users.updateUser(update, metadata: try await rd.auth(.ann))
            let generated = try await rd.generation(.ann, RushDayHarness.birthdayPlanRequest(target: .balanced))
            #expect(generated.plans.first?.estimatedBudget.currencyCode == "EUR")
            var plans = Rushday_V1_GetGeneratedPlansRequest()
            plans.generationID = generated.id
            #expect(try await rd.planner.getGeneratedPlans(plans, metadata: try await rd.auth(.ann)).plans.count == 1)
            rd.clock.advance(seconds: 49 * 3600)
            #expect(await rpcCode { _ = try await rd.planner.getGeneratedPlans(plans, metadata: try await rd.auth(.ann)) } == .notFound)
        }
    }

    @Test(arguments: TestEngine.available)
    func cancelledStreamStoresNoGeneration(engine: TestEngine) async throws {
        try await RushDayHarness.runPlanner(engine, stepDelayMilliseconds: 40) { rd in
            let first = try await rd.planner.generateEventPlans(RushDayHarness.birthdayPlanRequest()) { response in
                for try await message in response.messages {
                    if case .progress(let progress) = message.payload { return progress.percentage }
                }
                return Int32(-1)
            }
            #expect(first == 10)
            // Started after the cancelled stream, so an implementation that kept going would
            // have stored the cancelled generation before this one completes.
            let completed = try await rd.generation(nil, RushDayHarness.birthdayPlanRequest(target: .balanced))
            let ids = try await rd.database.read { sql in
                try await sql.query("SELECT id FROM rd_plan_generations", []).map { try $0.string("id") }
            }
            #expect(ids == [completed.id])
        }
    }
}

/// Counts messages received inside a `@Sendable` response handler.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
