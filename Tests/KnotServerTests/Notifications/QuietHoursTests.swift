import Foundation
import HearthCore
import Testing

@testable import KnotServer

/// Quiet hours and time zones (spec §8.4, §13 #51–56).
@Suite struct QuietHoursTests {
    static func at(_ text: String) -> Timestamp {
        // `YYYY-MM-DDTHH:MM:SSZ`
        let formatter = ISO8601DateFormatter()
        let date = formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
        return Timestamp(millisecondsSince1970: Int64(date.timeIntervalSince1970 * 1000))
    }

    static func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier) ?? .gmt }

    let newYork = QuietHours(start: 22, end: 8, zone: zone("America/New_York"))

    @Test func elevenAtNightInNewYorkIsQuietUntilEightLocal() {
        let now = Self.at("2026-01-15T04:00:00Z")
        #expect(newYork.isQuiet(at: now))
        #expect(newYork.nextDelivery(after: now) == Self.at("2026-01-15T13:00:00Z"))
    }

    @Test func threeInTheMorningIsQuietAndNineIsNot() {
        let three = Self.at("2026-01-15T08:00:00Z")
        #expect(newYork.isQuiet(at: three))
        #expect(newYork.nextDelivery(after: three) == Self.at("2026-01-15T13:00:00Z"))
        #expect(!newYork.isQuiet(at: Self.at("2026-01-15T14:00:00Z")))
    }

    @Test func theStartHourIsQuietAndTheEndHourIsNot() {
        #expect(newYork.isQuiet(hour: 22))
        #expect(!newYork.isQuiet(hour: 8))
        let early = QuietHours(start: 1, end: 6, zone: Self.zone("America/New_York"))
        #expect(early.isQuiet(hour: 3))
        #expect(!early.isQuiet(hour: 7))
        #expect(!early.isQuiet(hour: 6))
        // 03:00 EST on Jan 15 → 06:00 EST the same morning.
        #expect(early.nextDelivery(after: Self.at("2026-01-15T08:00:00Z")) == Self.at("2026-01-15T11:00:00Z"))
        let never = QuietHours(start: 0, end: 0, zone: Self.zone("America/New_York"))
        #expect((0..<24).allSatisfy { !never.isQuiet(hour: $0) })
    }

    @Test func theNightDaylightSavingStartsEndsQuietAtEightDaylightTime() {
        let now = Self.at("2026-03-08T06:30:00Z")  // 01:30 EST
        #expect(newYork.isQuiet(at: now))
        #expect(newYork.nextDelivery(after: now) == Self.at("2026-03-08T12:00:00Z"))  // 08:00 EDT
    }

    @Test func anEndHourSkippedByDaylightSavingBecomesTheChange() {
        // 02:00 does not exist in New York on 2026-03-08; 03:00 EDT (07:00Z) is the first instant after it.
        let hours = QuietHours(start: 0, end: 2, zone: Self.zone("America/New_York"))
        #expect(hours.nextDelivery(after: Self.at("2026-03-08T05:30:00Z")) == Self.at("2026-03-08T07:00:00Z"))
    }

    @Test func hawaiiIsInferredFromTheVaultWithoutAnExplicitZone() {
        let zone = ReminderTimeZone.resolve(explicit: nil, state: "HI", country: nil)
        let hours = QuietHours(start: 22, end: 8, zone: zone)
        let now = Self.at("2026-01-15T08:00:00Z")  // 22:00 HST
        #expect(hours.isQuiet(at: now))
        #expect(hours.nextDelivery(after: now) == Self.at("2026-01-15T18:00:00Z"))
    }

    @Test func anExplicitValidZoneWinsAndTheVaultStateOnlyCountsInTheUS() {
        #expect(ReminderTimeZone.resolve(explicit: "Europe/London", state: "TX", country: "US").identifier == "Europe/London")
        #expect(ReminderTimeZone.resolve(explicit: "Mars/Olympus", state: "tx", country: "US").identifier == "America/Chicago")
        #expect(ReminderTimeZone.resolve(explicit: nil, state: "TX", country: "GB").identifier == "America/New_York")
        #expect(ReminderTimeZone.resolve(explicit: nil, state: nil, country: "US").identifier == "America/New_York")
        #expect(ReminderTimeZone.resolve(explicit: nil, state: "california", country: "us").identifier == "America/Los_Angeles")
    }

    @Test func everyStateAndDCHasAValidZone() {
        #expect(ReminderTimeZone.states.count == 51)
        #expect(Set(ReminderTimeZone.states.map(\.code)).count == 51)
        for state in ReminderTimeZone.states { #expect(TimeZone(identifier: state.zone) != nil, "\(state.code)") }
    }
}
