import HearthCore
import Testing
@testable import RushDayServer

@Suite("Generators on an existing event (§5.7, §6 #50–#53)")
struct EventGeneratorsTests {
    let provider = PlannerFixtures.provider()

    @Test func case50BirthdayAgendaFromEventTimeWithDinnerAtNineteenThirty() async throws {
        let items = try await provider.agendaItems(for: AgendaGenerationInput(event: PlannerFixtures.eventE()))
        #expect(items.count == 6)
        #expect(items.first?.startTime == PlannerFixtures.eventEDate)
        let dinner = try #require(items.first { $0.title == "Dinner" })
        #expect(dinner.startTime == PlannerFixtures.eventEDate.adding(seconds: 90 * 60))
        #expect(dinner.endTime == PlannerFixtures.eventEDate.adding(seconds: 150 * 60))
    }

    @Test func case50ExistingTitlesAreSkippedAndRestPlacedBackToBack() async throws {
        let items = try await provider.agendaItems(for: AgendaGenerationInput(event: PlannerFixtures.eventE(), existingTitles: [" dinner "]))
        #expect(items.count == 5)
        #expect(!items.contains { $0.title == "Dinner" })
        for (previous, next) in zip(items, items.dropFirst()) { #expect(previous.endTime == next.startTime) }
    }

    @Test func appendModeStartsAfterLatestStoredEnd() {
        let stored = [ExistingAgendaItem(
            title: "Speeches", startTime: PlannerFixtures.eventEDate,
            endTime: PlannerFixtures.eventEDate.adding(seconds: 3_600))]
        let items = EventGenerators.agenda(AgendaGenerationInput(event: PlannerFixtures.eventE(), storedItems: stored))
        #expect(items.first?.startTime == PlannerFixtures.eventEDate.adding(seconds: 3_600))
    }

    @Test func case51ReplaceExistingUsesTemplateOffsetsOnly() {
        let stored = [ExistingAgendaItem(title: "Dinner", startTime: PlannerFixtures.eventEDate)]
        let items = EventGenerators.agenda(AgendaGenerationInput(event: PlannerFixtures.eventE(), storedItems: stored, replaceExisting: true))
        #expect(items.map(\.title) == AgendaTemplates.items(for: .birthday).map(\.title))
        #expect(items.last?.startTime == PlannerFixtures.eventEDate.adding(seconds: 240 * 60))
    }

    @Test func allDayEventsAnchorAtTheKindsDefaultHour() {
        var wedding = PlannerFixtures.eventE()
        wedding.eventTypeID = "wedding"
        wedding.isAllDay = true
        let items = EventGenerators.agenda(AgendaGenerationInput(event: wedding, replaceExisting: true))
        // 2026-06-13T15:00:00Z.
        #expect(items.first?.startTime == Timestamp(millisecondsSince1970: 1_781_308_800_000 + 15 * 3_600_000))
        #expect(items.count == 10)
    }

    @Test func everyAgendaTemplateIsContiguousFromZero() {
        for kind in EventKind.allCases {
            let items = AgendaTemplates.items(for: kind)
            #expect(items.first?.offsetMinutes == 0)
        }
    }

    @Test func case52ExpensesSplitPlannedBudgetWithKnownKeys() async throws {
        let estimate = try await provider.expenseItems(for: ExpenseGenerationInput(event: PlannerFixtures.eventE(plannedBudget: 500_000)))
        let total: Int64 = estimate.items.reduce(0) { $0 + $1.amount }
        #expect(total == 500_000)
        #expect(estimate.totalEstimated == 500_000)
        #expect(estimate.items.allSatisfy { ExpenseCategory(rawValue: $0.category.key) != nil })
        #expect(estimate.currency.code == "USD")
    }

    @Test func expensesWithoutBudgetUseStandardBalancedFormula() {
        let estimate = EventGenerators.expenses(ExpenseGenerationInput(event: PlannerFixtures.eventE()))
        // 30 guests × 6 000 = 180 000.
        #expect(estimate.totalEstimated == 180_000)
    }

    @Test func agendaContextAddsMissingCategoriesAtThreePercent() {
        var event = PlannerFixtures.eventE(plannedBudget: 100_000)
        event.eventTypeID = "baby_shower"
        let estimate = EventGenerators.expenses(ExpenseGenerationInput(
            event: event, agendaTitles: ["Shuttle to the park", "Dancing"]))
        let keys = estimate.items.map(\.category)
        #expect(keys.contains(.transportation))
        #expect(estimate.totalEstimated == 100_000)
    }

    @Test func storedCategoriesAreRemovedWithoutRescaling() {
        let stored = [ExistingExpense(title: "Venue", category: "venue_rental"), ExistingExpense(title: "beverages")]
        let estimate = EventGenerators.expenses(ExpenseGenerationInput(event: PlannerFixtures.eventE(plannedBudget: 100_000), storedExpenses: stored))
        #expect(!estimate.items.contains { $0.category == .venueRental || $0.category == .beverages })
        #expect(estimate.totalEstimated == 100_000 - 20_000 - 8_000)
    }

    @Test func case53InviteMessageNamesEventAndWeekday() async throws {
        let message = try await provider.inviteMessage(for: InviteMessageInput(event: PlannerFixtures.eventE()))
        #expect(message == "You're invited to Mia's 30th! Join us on Saturday, June 13 at 6:00 PM for food, fun and birthday cheer. We can't wait to celebrate with you!")
    }

    @Test func inviteMessageUsesOwnerOffsetVenueAndKindTemplate() {
        var event = PlannerFixtures.eventE()
        event.eventTypeID = "corporate"
        event.venue = "HQ"
        let message = EventGenerators.inviteMessage(InviteMessageInput(event: event, timeZoneOffsetSeconds: 7 * 3_600))
        #expect(message == "You are invited to Mia's 30th on Sunday, June 14 at 1:00 AM at HQ. We look forward to welcoming you.")
        event.eventTypeID = "picnic"
        event.isAllDay = true
        #expect(EventGenerators.inviteMessage(InviteMessageInput(event: event)).hasPrefix("Please join us for Mia's 30th on Saturday, June 13 at HQ."))
    }
}

@Suite("Agenda copy")
struct AgendaDescriptionsTests {
    @Test func everyTemplateItemHasADescriptionOfAtMostEightyCharacters() {
        for kind in EventKind.allCases {
            for item in AgendaTemplates.items(for: kind) {
                let text = AgendaDescriptions.description(for: item.title)
                #expect(!text.isEmpty, "\(item.title)")
                #expect(text.count <= 80)
            }
        }
    }
}
