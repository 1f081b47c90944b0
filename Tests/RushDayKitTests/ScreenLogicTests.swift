import Foundation
import RushDayKit
import RushDayProto
import SwiftProtobuf
import Testing

func at(_ iso: String) -> Google_Protobuf_Timestamp {
    Google_Protobuf_Timestamp(date: ISO8601DateFormatter().date(from: iso)!)
}

func event(_ id: String, _ date: String, end: String? = nil, draft: Bool = false, aiDraft: Bool = false) -> Rushday_V1_Event {
    var event = Rushday_V1_Event()
    event.id = id
    event.name = id
    event.date = at(date)
    if let end { event.endDate = at(end) }
    event.isDraft = draft
    event.isAiDraft = aiDraft
    event.createdAt = at("2026-01-01T00:00:00Z")
    return event
}

@Suite("RushDayKit — event list sections")
struct EventListSectionsTests {
    let now = ISO8601DateFormatter().date(from: "2026-03-01T12:00:00Z")!

    @Test func upcomingAreSoonestFirstPastAreMostRecentFirstDraftsApart() {
        let sections = EventListSections(
            [
                event("later", "2026-05-01T10:00:00Z"), event("sooner", "2026-03-10T10:00:00Z"),
                event("long-ago", "2025-01-01T10:00:00Z"), event("last-week", "2026-02-22T10:00:00Z"),
                event("draft", "2026-04-01T10:00:00Z", draft: true), event("old-draft", "2025-04-01T10:00:00Z", draft: true),
            ], now: now)
        #expect(sections.upcoming.map(\.id) == ["sooner", "later"])
        #expect(sections.past.map(\.id) == ["last-week", "long-ago"])
        #expect(sections.drafts.map(\.id) == ["old-draft", "draft"])
    }

    @Test func eventWithoutEndDateStaysUpcomingForTwentyFourHoursAfterItsStart() {
        let started = event("started", "2026-03-01T08:00:00Z")
        let yesterday = event("yesterday", "2026-02-28T11:00:00Z")
        let sections = EventListSections([started, yesterday], now: now)
        #expect(sections.upcoming.map(\.id) == ["started"])
        #expect(sections.past.map(\.id) == ["yesterday"])
    }

    @Test func eventWithEndDateEndsAtItsEndDate() {
        let festival = event("festival", "2026-02-20T10:00:00Z", end: "2026-03-02T10:00:00Z")
        let finished = event("finished", "2026-03-01T08:00:00Z", end: "2026-03-01T11:59:00Z")
        let sections = EventListSections([festival, finished], now: now)
        #expect(sections.upcoming.map(\.id) == ["festival"])
        #expect(sections.past.map(\.id) == ["finished"])
    }

    @Test func aiDraftsAreInNoSection() {
        let sections = EventListSections([event("ai", "2026-04-01T10:00:00Z", aiDraft: true)], now: now)
        #expect(sections.upcoming.isEmpty && sections.drafts.isEmpty && sections.past.isEmpty)
    }
}

func task(_ id: String, order: Int32, done: Bool = false) -> Rushday_V1_Task {
    var task = Rushday_V1_Task()
    task.id = id
    task.name = id
    task.orderNumber = order
    task.isDone = done
    return task
}

@Suite("RushDayKit — task ordering")
struct TaskOrderingTests {
    let ordering = TaskOrdering([task("c", order: 5), task("a", order: 0), task("b", order: 2, done: true), task("d", order: 9)])

    @Test func tasksShowByOrderNumberWithGapsAllowed() {
        #expect(ordering.ids == ["a", "b", "c", "d"])
        #expect(ordering.doneCount == 1 && ordering.openTasks.map(\.id) == ["a", "c", "d"])
    }

    @Test func movingATaskGivesTheFullIdListForReorderTasks() {
        #expect(ordering.moving(id: "d", to: 0) == ["d", "a", "b", "c"])
        #expect(ordering.moving(id: "a", to: 3) == ["b", "c", "d", "a"])
        #expect(ordering.moving(from: 1, to: 2) == ["a", "c", "b", "d"])
        #expect(ordering.moving(id: "a", to: 4) == nil)
        #expect(ordering.moving(id: "zz", to: 0) == nil)
    }

    @Test func swiftUIMoveOffsetsCountPositionsBeforeTheMove() {
        // Dragging "a" below "c": SwiftUI reports offset 3 (the gap before "d").
        #expect(ordering.movingRows([0], toOffset: 3) == ["b", "c", "a", "d"])
        #expect(ordering.movingRows([3], toOffset: 0) == ["d", "a", "b", "c"])
        #expect(ordering.movingRows([0, 2], toOffset: 4) == ["b", "d", "a", "c"])
    }

    @Test func optimisticReorderNumbersTasksByTheirNewIndex() {
        let applied = TaskOrdering.applying(["d", "a", "b", "c"], to: ordering.tasks)
        #expect(applied.map(\.id) == ["d", "a", "b", "c"])
        #expect(applied.map(\.orderNumber) == [0, 1, 2, 3])
    }
}

@Suite("RushDayKit — guest counts")
struct GuestCountsTests {
    @Test func countsByStatusAndExpectedPeopleIncludeCompanionsOfAcceptedGuestsOnly() {
        func guest(_ status: Rushday_V1_GuestStatus, plus: Int32 = 0) -> Rushday_V1_Guest {
            var guest = Rushday_V1_Guest()
            guest.status = status
            guest.accompany = plus
            return guest
        }
        let counts = GuestCounts([
            guest(.accepted, plus: 2), guest(.accepted), guest(.declined, plus: 3), guest(.invited, plus: 1), guest(.notInvited),
            guest(.unspecified),
        ])
        #expect(counts.total == 6)
        #expect(counts.accepted == 2 && counts.declined == 1 && counts.invited == 1 && counts.notInvited == 2)
        #expect(counts.expectedPeople == 4)
        #expect(counts.awaitingAnswer == 1)
    }
}

@Suite("RushDayKit — budget summary")
struct BudgetSummaryTests {
    func budget(_ id: String, total: Int64, payments: [Int64], category: String? = nil) -> Rushday_V1_Budget {
        var budget = Rushday_V1_Budget()
        budget.id = id
        budget.title = id
        budget.totalAmount = total
        budget.payments = payments.map { amount in
            var payment = Rushday_V1_Payment()
            payment.amount = amount
            return payment
        }
        if let category { budget.category = category }
        return budget
    }

    @Test func paymentStatusIsUnpaidPartialOrPaidAndOverpaymentCountsAsPaid() {
        let summary = BudgetSummary(budgets: [
            budget("venue", total: 50_000, payments: []), budget("cake", total: 4_550, payments: [2_000]),
            budget("band", total: 30_000, payments: [10_000, 20_000]), budget("flowers", total: 1_000, payments: [1_500]),
            budget("gift", total: 0, payments: []),
        ])
        #expect(summary.lines.map(\.status) == [.unpaid, .partial, .paid, .paid, .unpaid])
        #expect(summary.totalExpenses == 85_550 && summary.totalPaid == 33_500)
        #expect(summary.outstanding == 50_000 + 2_550)
        #expect(summary.paidLines == 2)
    }

    @Test func totalsCompareWithThePlannedBudgetInMinorUnits() {
        var planned = Rushday_V1_EventBudget()
        planned.plannedBudget = 60_000
        planned.currencyCode = "EUR"
        planned.isSet = true
        let summary = BudgetSummary(
            budgets: [budget("venue", total: 50_000, payments: [], category: "venue_rental"), budget("cake", total: 15_000, payments: [])],
            eventBudget: planned)
        #expect(summary.currencyCode == "EUR")
        #expect(summary.remaining == -5_000 && summary.isOverBudget)
        #expect(summary.byCategory.map(\.category) == ["venue_rental", "miscellaneous"])
    }

    @Test func noPlannedBudgetIsNeverOverBudget() {
        let summary = BudgetSummary(budgets: [budget("venue", total: 50_000, payments: [])], eventBudget: Rushday_V1_EventBudget())
        #expect(!summary.isOverBudget && summary.currencyCode == "USD")
    }
}

@Suite("RushDayKit — agenda by day")
struct AgendaDaysTests {
    func item(_ id: String, _ start: String, end: String? = nil) -> Rushday_V1_Agenda {
        var item = Rushday_V1_Agenda()
        item.id = id
        item.title = id
        item.startTime = at(start)
        if let end { item.endTime = at(end) }
        return item
    }

    @Test func itemsAreGroupedByLocalDayInStartOrderWithOpenEndedLast() {
        let items = [
            item("day2", "2026-06-15T09:00:00Z"), item("open", "2026-06-14T15:00:00Z"),
            item("dinner", "2026-06-14T18:00:00Z", end: "2026-06-14T20:00:00Z"),
            item("welcome", "2026-06-14T15:00:00Z", end: "2026-06-14T16:00:00Z"),
        ]
        let utc = AgendaDays(items, timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.days.map(\.day) == ["2026-06-14", "2026-06-15"])
        #expect(utc.days[0].items.map(\.id) == ["welcome", "open", "dinner"])
        // 09:00 UTC on the 15th is still the 14th in Honolulu (UTC−10).
        let honolulu = AgendaDays(items, timeZone: TimeZone(identifier: "Pacific/Honolulu")!)
        #expect(honolulu.days.map(\.day) == ["2026-06-14"])
    }
}

@Suite("RushDayKit — money in minor units")
struct MoneyTests {
    @Test func typedAmountsConvertExactlyToMinorUnits() {
        #expect(Money.parse("12.50") == 1250)
        #expect(Money.parse("12.5") == 1250)
        #expect(Money.parse("12") == 1200)
        #expect(Money.parse("0.07") == 7)
        #expect(Money.parse("1,234.56") == 123_456)
        #expect(Money.parse("-3.00") == -300)
        #expect(Money.parse("1500", currencyCode: "JPY") == 1500)
        #expect(Money.parse("19.99") == 1999)  // 19.99 * 100 in floating point is 1998.999…
        #expect(Money.parse("100000000000.00") == 10_000_000_000_000)
    }

    @Test func amountsThatAreNotMoneyAreRefused() {
        for text in ["", "abc", "1.234", "1.", ".5", "1.2.3", "12,50x", "15.5"] where text != "15.5" {
            #expect(Money.parse(text) == nil, "\(text)")
        }
        #expect(Money.parse("15.5", currencyCode: "JPY") == nil)
    }

    @Test func minorUnitsAreShownWithTheCurrencysDecimals() {
        #expect(Money.format(1250) == "12.50")
        #expect(Money.format(5) == "0.05")
        #expect(Money.format(-5) == "-0.05")
        #expect(Money.format(1500, currencyCode: "JPY") == "1500")
        #expect(Money.display(4550, currencyCode: "USD") == "$45.50")
        #expect(Money.display(300, currencyCode: "UZS") == "so'm 3.00")
        #expect(Money.display(300, currencyCode: "XYZ") == "XYZ 3.00")
    }
}
