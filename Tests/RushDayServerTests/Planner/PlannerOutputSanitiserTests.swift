import Testing
@testable import RushDayServer

@Suite("Output sanitisation (§5.1)")
struct PlannerOutputSanitiserTests {
    func samplePlan() throws -> GeneratedPlan {
        PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest(target: 3))[0]
    }

    @Test func titlesCappedAtTwoHundredAndTextsAtTwoThousand() throws {
        var plan = try samplePlan()
        plan.title = "  " + String(repeating: "t", count: 250) + "  "
        plan.description = String(repeating: "d", count: 2_500)
        let clean = PlannerOutputSanitiser.plan(plan)
        #expect(clean.title.count == 200)
        #expect(clean.description.count == 2_000)
    }

    @Test func moneyClampedToZeroThroughTenToTheThirteenth() throws {
        var plan = try samplePlan()
        plan.budget.minimum = -5
        plan.budget.maximum = Int64.max
        plan.vendors[0].estimatedCost = -1
        let clean = PlannerOutputSanitiser.plan(plan)
        #expect(clean.budget.minimum == 0)
        #expect(clean.budget.maximum == 10_000_000_000_000)
        #expect(clean.vendors[0].estimatedCost == 0)
    }

    @Test func listsCappedAtPlanTaskAgendaExpenseAndChecklistMaxima() throws {
        var plan = try samplePlan()
        plan.tasks = Array(repeating: plan.tasks[0], count: 25)
        plan.agenda = Array(repeating: plan.agenda[0], count: 25)
        let clean = PlannerOutputSanitiser.plan(plan)
        #expect(clean.tasks.count == 20)
        #expect(clean.agenda.count == 20)
        #expect(PlannerOutputSanitiser.plans(Array(repeating: plan, count: 5)).count == 3)
        let items = Array(repeating: AllocationItem(category: .flowers, amount: 1), count: 30)
        #expect(PlannerOutputSanitiser.expenseItems(items).count == 20)
        let checklist = TopicChecklist(
            id: "c", topic: .general, title: "t", description: "",
            items: (0..<15).map { TopicChecklistItem(id: "\($0)", text: "item") })
        #expect(PlannerOutputSanitiser.checklist(checklist).items.count == 10)
    }

    @Test func progressClampedAndNonDecreasing() {
        var guardRail = PlannerOutputSanitiser.ProgressGuard()
        let percentages = [-5, 30, 20, 150, 90].map {
            guardRail.admit(GenerationStep(step: "s", percentage: $0, message: "m")).percentage
        }
        #expect(percentages == [0, 30, 30, 100, 100])
    }

    @Test func eventSequenceKeepsThreePlansAndRecountsTotal() throws {
        let plan = try samplePlan()
        let events = PlanStreamFraming.events(plans: Array(repeating: plan, count: 4), generationID: "g", processingTimeMilliseconds: 1)
        let clean = PlannerOutputSanitiser.events(events)
        let plans = clean.filter { if case .plan = $0 { true } else { false } }
        #expect(plans.count == 3)
        #expect(clean.last == .complete(generationID: "g", totalPlans: 3, processingTimeMilliseconds: 1))
    }

    @Test func rawProviderOutputIsAlreadyWithinLimits() throws {
        let plans = PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest())
        #expect(PlannerOutputSanitiser.plans(plans) == plans)
    }
}
