import HearthCore
import Testing

@testable import KnotServer

@Suite struct MilestoneCalendarTests {
    private func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    private func next(
        _ type: String = "birthday", _ name: String = "Birthday", date: String, _ recurrence: String = "yearly",
        today: String
    ) -> String? {
        MilestoneCalendar.nextOccurrence(type: type, name: name, date: day(date), recurrence: recurrence, after: day(today))?
            .description
    }

    private func instant(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

    // Spec §13 #46.
    @Test func yearlyDateThisYearOrNext() {
        #expect(next(date: "2000-03-15", today: "2026-03-01") == "2026-03-15")
        #expect(MilestoneCalendar.daysUntil(day("2026-03-15"), from: day("2026-03-01")) == 14)
        #expect(next(date: "2000-03-15", today: "2026-03-15") == "2027-03-15")
        #expect(next(date: "2000-03-15", today: "2026-03-14") == "2026-03-15")
        #expect(next(date: "2000-01-01", today: "2026-12-31") == "2027-01-01")
        #expect(next(date: "2000-12-31", today: "2026-12-31") == "2027-12-31")
        #expect(next(date: "2000-12-31", today: "2026-12-30") == "2026-12-31")
    }

    // Spec §13 #47.
    @Test func february29FallsOnFebruary28InCommonYears() {
        #expect(next(date: "2000-02-29", today: "2026-01-10") == "2026-02-28")
        #expect(next(date: "2000-02-29", today: "2027-03-01") == "2028-02-29")
        #expect(next(date: "2000-02-29", today: "2027-02-28") == "2028-02-29")
        #expect(next(date: "2000-02-29", today: "2028-02-28") == "2028-02-29")
        #expect(next(date: "2000-02-29", today: "2028-02-29") == "2029-02-28")
        #expect(next(date: "2000-02-29", today: "2099-03-01") == "2100-02-28")  // 2100 is not a leap year
        #expect(next(date: "2000-02-28", today: "2028-02-28") == "2029-02-28")
        #expect(next(date: "2000-03-01", today: "2028-02-28") == "2028-03-01")
    }

    // Spec §13 #48 and §2 #8.
    @Test func mothersAndFathersDayFloatForYearlyHolidays() {
        #expect(next("holiday", "Mother's Day", date: "2000-05-11", today: "2026-04-01") == "2026-05-10")
        #expect(next("holiday", "Mother's Day", date: "2000-05-11", today: "2026-05-10") == "2027-05-09")
        #expect(next("holiday", "  MOTHER’S DAY ", date: "2000-05-11", today: "2024-01-01") == "2024-05-12")
        #expect(next("holiday", "mothers day", date: "2000-05-11", today: "2025-05-01") == "2025-05-11")
        #expect(next("holiday", "Father's Day", date: "2000-06-18", today: "2026-06-01") == "2026-06-21")
        #expect(next("holiday", "Father's Day", date: "2000-06-18", today: "2025-01-01") == "2025-06-15")
        #expect(next("holiday", "Father's Day", date: "2000-06-18", today: "2024-06-16") == "2025-06-15")
        #expect(next("holiday", "Fathers day", date: "2000-06-18", today: "2027-06-01") == "2027-06-20")
        #expect(next("holiday", "Father's Day", date: "2000-06-18", today: "2028-06-17") == "2028-06-18")
    }

    @Test func onlyYearlyHolidaysFloat() {
        #expect(next("birthday", "Mother's birthday", date: "2000-07-04", today: "2026-03-01") == "2026-07-04")
        #expect(next("custom", "Father-in-law visit", date: "2000-08-09", today: "2026-03-01") == "2026-08-09")
        #expect(next("custom", "Father's Day", date: "2000-06-01", today: "2026-03-01") == "2026-06-01")
        #expect(next("holiday", "Father's Day", date: "2026-06-01", "one_time", today: "2026-03-01") == "2026-06-01")
        #expect(next("holiday", "Valentine's Day", date: "2000-02-14", today: "2026-03-01") == "2027-02-14")
    }

    // Spec §13 #49.
    @Test func oneTimeMilestonesOccurOnlyIfStillAhead() {
        #expect(next(date: "2026-05-01", "one_time", today: "2026-03-01") == "2026-05-01")
        #expect(next(date: "2026-03-01", "one_time", today: "2026-03-01") == nil)
        #expect(next(date: "2025-05-01", "one_time", today: "2026-03-01") == nil)
        #expect(next(date: "2027-01-02", "one_time", today: "2026-12-31") == "2027-01-02")
        #expect(next(date: "2026-05-01", "monthly", today: "2026-03-01") == nil)
    }

    @Test func daysUntilCrossesYearAndLeapDayBoundaries() {
        #expect(MilestoneCalendar.daysUntil(day("2027-01-01"), from: day("2026-12-31")) == 1)
        #expect(MilestoneCalendar.daysUntil(day("2028-03-01"), from: day("2028-02-28")) == 2)
        #expect(MilestoneCalendar.daysUntil(day("2027-03-01"), from: day("2027-02-28")) == 1)
        #expect(MilestoneCalendar.daysUntil(day("2027-03-15"), from: day("2026-03-15")) == 365)
        #expect(MilestoneCalendar.daysUntil(day("2028-03-15"), from: day("2027-03-15")) == 366)
    }

    @Test func dayArithmeticAndWeekdays() {
        #expect(day("1970-01-01").daysSinceEpoch == 0)
        #expect(day("2000-03-01").daysSinceEpoch == 11017)
        #expect(CalendarDate(daysSinceEpoch: 11017) == day("2000-03-01"))
        #expect(day("2028-03-01").adding(days: -1) == day("2028-02-29"))
        #expect(day("2027-01-03").adding(days: -14) == day("2026-12-20"))
        #expect(day("1970-01-01").weekday == 4)
        #expect(day("2026-05-10").weekday == 0)
        #expect(day("1969-12-31").weekday == 3)
        #expect(CalendarDate.utc(instant("2026-03-10T23:59:59.999Z")) == day("2026-03-10"))
        #expect(CalendarDate.utc(instant("1969-12-31T23:00:00Z")) == day("1969-12-31"))
        #expect(day("2026-03-13").utcMidnight == instant("2026-03-13T00:00:00Z"))
        for offset in stride(from: -719_000, through: 2_900_000, by: 9_973) {
            #expect(CalendarDate(daysSinceEpoch: offset)?.daysSinceEpoch == offset)
        }
    }

    // Spec §13 #50.
    @Test func remindersBeforeNowAreSkipped() throws {
        let milestone = MilestoneInput(
            milestoneType: "birthday", milestoneName: "Birthday", milestoneDate: day("2000-03-20"), recurrence: "yearly",
            budgetTier: "major_milestone")
        let schedule = try #require(MilestoneCalendar.schedule(for: milestone, now: instant("2026-03-10T15:00:00Z")))
        #expect(schedule.occurrence == day("2026-03-20"))
        #expect(schedule.daysUntil == 10)
        #expect(schedule.reminders.map(\.daysBefore) == [7, 3])
        #expect(schedule.reminders.map(\.scheduledFor) == [instant("2026-03-13T00:00:00Z"), instant("2026-03-17T00:00:00Z")])
        #expect(schedule.reminders.map { $0.dedupKey(milestoneID: "m1") } == ["m1-7-2026-03-13", "m1-3-2026-03-17"])
    }

    @Test func reminderAtExactlyNowStaysAndAllThreeBeforeAFarOccurrence() {
        let atMidnight = MilestoneCalendar.reminders(before: day("2026-03-20"), now: instant("2026-03-06T00:00:00Z"))
        #expect(atMidnight.map(\.daysBefore) == [14, 7, 3])
        let justAfter = MilestoneCalendar.reminders(before: day("2026-03-20"), now: instant("2026-03-06T00:00:00.001Z"))
        #expect(justAfter.map(\.daysBefore) == [7, 3])
        let acrossNewYear = MilestoneCalendar.reminders(before: day("2027-01-02"), now: instant("2026-12-01T00:00:00Z"))
        #expect(acrossNewYear.map(\.date) == [day("2026-12-19"), day("2026-12-26"), day("2026-12-30")])
        let leap = MilestoneCalendar.reminders(before: day("2028-03-02"), now: instant("2028-01-01T00:00:00Z"))
        #expect(leap.map(\.date) == [day("2028-02-17"), day("2028-02-24"), day("2028-02-28")])
        #expect(MilestoneCalendar.reminders(before: day("2026-03-20"), now: instant("2026-03-18T00:00:00Z")).isEmpty)
    }

    @Test func scheduleIsNilWithoutNextOccurrence() {
        let milestone = MilestoneInput(
            milestoneType: "custom", milestoneName: "Trip", milestoneDate: day("2026-03-01"), recurrence: "one_time",
            budgetTier: "minor_occasion")
        #expect(MilestoneCalendar.schedule(for: milestone, now: instant("2026-03-01T08:00:00Z")) == nil)
    }
}
