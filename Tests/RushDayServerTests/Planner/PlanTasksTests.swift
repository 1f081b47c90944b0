import Testing
@testable import RushDayServer

@Suite("Suggested tasks, agenda and vendors of a plan (§5.3)")
struct PlanTasksTests {
    @Test func variantsKeepSixEightAndTenTasks() throws {
        let plans = PlannerFixtures.provider().plans(for: try PlannerFixtures.birthdayRequest())
        #expect(plans.map(\.tasks.count) == [6, 8, 10])
    }

    @Test func tasksAreOrderedByDaysBeforeEventDescendingWithoutDuplicates() throws {
        for kind in EventKind.allCases {
            for variant in PlanVariant.allCases {
                let request = PlanRequest(kind: kind, guestCount: 40, services: PlannerService.allCases)
                let tasks = PlanBuilder.plan(for: request, variant: variant, id: "p").tasks
                #expect(tasks.map(\.daysBeforeEvent) == tasks.map(\.daysBeforeEvent).sorted(by: >))
                #expect(Set(tasks.map { $0.title.lowercased() }).count == tasks.count)
            }
        }
    }

    @Test func budgetVariantKeepsHighPriorityTasksFirst() {
        let tasks = PlanTasks.select(PlanTasks.candidates(kind: .birthday, venue: .indoorVenue, services: []), limit: 6)
        #expect(tasks.map(\.title) == [
            "Set the overall budget", "Book the venue", "Draft the guest list", "Send invitations",
            "Arrange food and drinks", "Confirm all vendors",
        ])
    }

    @Test func atHomeOmitsBookTheVenue() {
        let titles = PlanTasks.candidates(kind: .birthday, venue: .atHome, services: []).map(\.title)
        #expect(!titles.contains("Book the venue"))
    }

    @Test func duplicateTitlesKeepFirstOccurrence() {
        let candidates = PlanTasks.candidates(kind: .wedding, venue: .hotel, services: [.photoVideo])
        let photographers = candidates.filter { $0.title == "Book a photographer" }
        #expect(photographers.count == 1)
        #expect(photographers.first?.daysBeforeEvent == 120)
    }

    @Test func taskAgendaAndVendorIdsDeriveFromPlanId() throws {
        let plan = PlanBuilder.plan(for: try PlannerFixtures.birthdayRequest(), variant: .balanced, id: "plan1")
        #expect(plan.tasks.map(\.id) == (1...8).map { "plan1-t\($0)" })
        #expect(plan.agenda.map(\.id) == (1...6).map { "plan1-a\($0)" })
        #expect(plan.vendors.first?.id == "plan1-v1")
    }

    @Test func agendaStartsAtStartDatePlusOffsetOrIsUnset() throws {
        var raw = PlannerFixtures.birthdayInput()
        raw.startDate = PlannerFixtures.eventEDate
        let plan = PlanBuilder.plan(for: try PlanInputNormaliser.normalise(raw), variant: .balanced, id: "p")
        #expect(plan.agenda.map(\.title) == AgendaTemplates.items(for: .birthday).map(\.title))
        #expect(plan.agenda[2].startTime == PlannerFixtures.eventEDate.adding(seconds: 90 * 60))
        let unset = PlanBuilder.plan(for: try PlannerFixtures.birthdayRequest(), variant: .balanced, id: "p")
        #expect(unset.agenda.allSatisfy { $0.startTime == nil })
    }

    @Test func vendorsOnePerCategoryExceptMiscellaneousWithCategoryAmounts() throws {
        let plan = PlanBuilder.plan(for: try PlannerFixtures.birthdayRequest(), variant: .balanced, id: "p")
        #expect(plan.vendors.map(\.category) == plan.allocation.map(\.category.key).filter { $0 != "miscellaneous" })
        #expect(plan.vendors.first?.name == "Suggested Venue Rental provider")
        #expect(plan.vendors.first?.estimatedCost == 60_000)
        #expect(plan.vendors.allSatisfy { $0.imageURL.isEmpty })
    }
}
