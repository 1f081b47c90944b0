import HearthCore
import Testing
@testable import RushDayServer

@Suite("Creating an event from a plan (§5.5, §6 #47)")
struct PlanToEventTests {
    func balancedPlan(startDate: Timestamp? = nil) throws -> (PlanRequest, GeneratedPlan) {
        var raw = PlannerFixtures.birthdayInput(target: 2)
        raw.startDate = startDate
        raw.eventName = "Mia's 30th"
        let request = try PlanInputNormaliser.normalise(raw)
        return (request, PlanBuilder.plan(for: request, variant: .balanced, id: "p"))
    }

    @Test func case47ThreeOfEightTasksInPlanOrderAndBudgetsSumToMidpoint() throws {
        let (_, plan) = try balancedPlan()
        let tasks = try PlanToEvent.selectedTasks(["p-t7", "p-t1", "p-t3"], of: plan)
        #expect(tasks.map(\.id) == ["p-t1", "p-t3", "p-t7"])
        let total: Int64 = PlanToEvent.budgets(of: plan).reduce(0) { $0 + $1.amount }
        #expect(total == plan.budget.midpoint)
    }

    @Test func case47UnknownTaskIdIsInvalidArgument() throws {
        let (_, plan) = try balancedPlan()
        #expect(throws: PlannerInputError.self) { try PlanToEvent.selectedTasks(["p-t1", "nope"], of: plan) }
    }

    @Test func nameAndVenueFallBackToGenerationThenPlan() throws {
        let (request, plan) = try balancedPlan()
        #expect(PlanToEvent.eventName(requested: " ", request: request, plan: plan) == "Mia's 30th")
        #expect(PlanToEvent.eventName(requested: "Party", request: request, plan: plan) == "Party")
        var unnamed = request
        unnamed.eventName = ""
        #expect(PlanToEvent.eventName(requested: "", request: unnamed, plan: plan) == "Classic Birthday Celebration")
        var withVenue = request
        withVenue.venueLocation = "Brooklyn"
        #expect(PlanToEvent.venue(requested: "", request: withVenue) == "Brooklyn")
    }

    @Test func reminderIsEventDateMinusDaysUnlessInThePast() {
        let reminder = PlanToEvent.taskReminder(eventDate: PlannerFixtures.eventEDate, daysBeforeEvent: 7, now: PlannerFixtures.now)
        #expect(reminder == PlannerFixtures.eventEDate.adding(seconds: -7 * 86_400))
        #expect(PlanToEvent.taskReminder(eventDate: PlannerFixtures.eventEDate, daysBeforeEvent: 120, now: PlannerFixtures.now) == nil)
    }

    @Test func agendaIsReanchoredOnTheFinalDate() throws {
        let (_, plan) = try balancedPlan(startDate: PlannerFixtures.now)
        let agenda = PlanToEvent.agenda(of: plan, anchoredAt: PlannerFixtures.eventEDate)
        #expect(agenda.first?.startTime == PlannerFixtures.eventEDate)
        #expect(agenda.last?.startTime == PlannerFixtures.eventEDate.adding(seconds: 240 * 60))
        #expect(agenda.last?.endTime == PlannerFixtures.eventEDate.adding(seconds: 260 * 60))
    }
}
