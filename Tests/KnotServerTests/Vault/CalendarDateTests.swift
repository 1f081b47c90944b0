import Testing

@testable import KnotServer

@Suite struct CalendarDateTests {
    @Test(arguments: [
        "2000-02-29", "2026-12-31", "0001-01-01", "2000-03-20T00:00:00", "2000-03-20T00:00:00Z", "2000-03-20T00:00:00.000+00:00",
    ])
    func validDatesAndMidnightDateTimesParse(_ text: String) {
        #expect(CalendarDate(text) != nil)
    }

    @Test(arguments: [
        "2001-02-29", "2000-13-01", "2000-00-10", "2000-04-31", "20000-01-01", "2000-1-01", "2000-03-20T10:00:00", "", "next tuesday",
    ])
    func invalidDatesAreRefused(_ text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test func writesFourDigitYearAndTwoDigitMonthAndDay() {
        #expect(CalendarDate("2000-03-20T00:00:00Z")?.description == "2000-03-20")
        #expect(CalendarDate(year: 12, month: 3, day: 4)?.description == "0012-03-04")
    }
}
