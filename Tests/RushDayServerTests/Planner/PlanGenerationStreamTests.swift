import HearthCore
import RushDayProto
import Testing
@testable import RushDayServer

@Suite("Plan generation stream and §6 planner cases (§5.4, §6 #42–#45)")
struct PlanGenerationStreamTests {
    @Test func case42AnonymousThreePlanStreamFraming() async throws {
        let request = try PlannerFixtures.birthdayRequest()
        let events = try await PlannerFixtures.collect(PlannerFixtures.provider().generatePlans(for: request))
        let messages = events.map { PlannerProtoMapping.streamMessage($0, for: request) }
        var percentages: [Int32] = []
        var tiers: [Rushday_V1_PlanTier] = []
        var complete: Rushday_V1_GenerationComplete?
        for message in messages {
            switch message.payload {
            case .progress(let progress): percentages.append(progress.percentage)
            case .planSummary(let summary):
                tiers.append(summary.tier)
                #expect(summary.suggestedTasks.isEmpty && summary.suggestedAgenda.isEmpty && summary.suggestedVendors.isEmpty)
            case .complete(let value): complete = value
            default: Issue.record("unexpected message")
            }
        }
        #expect(percentages == [10, 30, 50, 70, 90, 100])
        #expect(tiers == [.standard, .aiRecommended, .popular])
        #expect(complete?.totalPlans == 3)
        #expect(messages.last?.complete.generationID.isEmpty == false)
        let order = messages.map { message -> String in
            switch message.payload {
            case .progress(let p): "progress:\(p.step)"
            case .planSummary: "plan"
            case .complete: "complete"
            default: "other"
            }
        }
        #expect(order == [
            "progress:analyzing", "progress:finding_venues", "progress:creating_program", "progress:calculating_budget",
            "progress:generating_plans", "plan", "plan", "plan", "progress:finalizing", "complete",
        ])
    }

    @Test func case43BalancedTargetTwiceIsIdenticalExceptIds() async throws {
        let request = try PlannerFixtures.birthdayRequest(target: 2)
        let first = PlannerFixtures.provider().plans(for: request)
        let second = PlannerFixtures.provider().plans(for: request)
        #expect(first.count == 1)
        #expect(first[0].id != second[0].id)
        #expect(first.map(\.withoutIDs) == second.map(\.withoutIDs))
        let plan = PlannerProtoMapping.eventPlan(first[0])
        #expect(plan.estimatedBudget.minAmount == 255_000)
        #expect(plan.estimatedBudget.maxAmount == 345_000)
        #expect(plan.estimatedBudget.currencyCode == "USD")
        #expect(plan.title == "Classic Birthday Celebration")
        #expect(plan.matchScore == 89)
        #expect(plan.tier == .aiRecommended)
        #expect(plan.targetPlanStyle == .balanced)
    }

    @Test func case44BudgetAndPremiumIncludeTasks() throws {
        for (target, count) in [(1, 6), (3, 10)] {
            var raw = PlannerFixtures.birthdayInput(target: target)
            raw.includeTasks = true
            let request = try PlanInputNormaliser.normalise(raw)
            let plan = PlannerFixtures.provider().plans(for: request)[0]
            let summary = PlannerProtoMapping.summary(plan, includeTasks: true, includeAgenda: false, includeVendors: false)
            #expect(summary.suggestedTasks.count == count)
            let days = summary.suggestedTasks.map(\.daysBeforeEvent)
            #expect(days == days.sorted(by: >))
            #expect(Set(summary.suggestedTasks.map(\.title)).count == count)
            #expect(summary.suggestedAgenda.isEmpty)
        }
    }

    @Test func case45NeitherTypeNorCustomTypeFailsBeforeAnyMessage() {
        var proto = Rushday_V1_GenerateEventPlansRequest()
        proto.guestRange = .medium
        #expect(throws: PlannerInputError.self) { try PlannerProtoMapping.planRequest(proto) }
    }

    @Test func determinismSameInputSameContentForEveryKindAndVariant() throws {
        for kind in EventKind.allCases {
            let request = PlanRequest(kind: kind, guestCount: 64, venue: .hotel, services: [.decoration], keywords: ["rustic"])
            let a = PlannerFixtures.provider().plans(for: request).map(\.withoutIDs)
            let b = PlannerFixtures.provider().plans(for: request).map(\.withoutIDs)
            #expect(a == b)
            #expect(a.count == 3)
            for plan in a {
                let allocated: Int64 = plan.allocation.reduce(0) { $0 + $1.amount }
                #expect(allocated == plan.budget.midpoint)
            }
        }
    }

    @Test func fullPlanAlwaysCarriesTasksAgendaAndVendors() throws {
        let plan = PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest(target: 2))[0]
        let full = PlannerProtoMapping.eventPlan(plan)
        #expect(full.suggestedTasks.count == 8)
        #expect(full.suggestedAgenda.count == 6)
        #expect(full.suggestedVendors.count == 8)
        #expect(full.suggestedVendors.allSatisfy { $0.rating == 0 })
    }

    @Test func completionReportsProcessingTimeFromInjectedClock() async throws {
        let clock = ManualWallClock(PlannerFixtures.now)
        let provider = RuleBasedPlanningProvider(clock: clock, makeID: { "fixed" })
        let events = try await PlannerFixtures.collect(provider.generatePlans(for: try PlannerFixtures.birthdayRequest()))
        #expect(events.last == .complete(generationID: "fixed", totalPlans: 3, processingTimeMilliseconds: 0))
    }

    @Test func stepDelayPausesBetweenProgressMessages() async throws {
        let provider = RuleBasedPlanningProvider(clock: ManualWallClock(PlannerFixtures.now), stepDelay: .milliseconds(1))
        let events = try await PlannerFixtures.collect(provider.generatePlans(for: try PlannerFixtures.birthdayRequest(target: 1)))
        let expectedCount = 8 // 5 progress, 1 plan, finalizing, complete
        #expect(events.count == expectedCount)
    }

    @Test func framingIsAPureDescription() throws {
        let plans = PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest())
        let events = PlanStreamFraming.events(plans: plans, generationID: "g", processingTimeMilliseconds: 7)
        #expect(events.count == 10)
        #expect(events.first == .progress(GenerationStep(step: "analyzing", percentage: 10, message: "Analyzing your preferences")))
        #expect(events[8] == .progress(GenerationStep(step: "finalizing", percentage: 100, message: "Finalizing")))
        #expect(events[9] == .complete(generationID: "g", totalPlans: 3, processingTimeMilliseconds: 7))
    }

    @Test func providerFailureMapsToGenerationErrorMessage() {
        let message = PlannerProtoMapping.errorMessage(code: "PROVIDER_ERROR", message: "boom")
        #expect(message.error.code == "PROVIDER_ERROR")
    }
}
