import Foundation
import HearthCore

/// The time formats of the original wire (spec §1.2), written and read in one place.
enum PantryTime {
    /// `YYYY-MM-DD HH:MM:SS` (UTC, no zone): the original's database-defaulted columns.
    static func databaseText(_ time: Timestamp) -> String {
        let iso = time.iso8601
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8))
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`: values the original's code wrote.
    static func isoMillis(_ time: Timestamp) -> String { time.iso8601 }

    /// `YYYY-MM-DDTHH:MM:SSZ`: `premiumExpiresAt`, which the app parses without fractions.
    static func isoSeconds(_ time: Timestamp) -> String {
        let iso = time.iso8601
        return String(iso.prefix(19)) + "Z"
    }

    /// ISO 8601 with or without fractions or zone, or `YYYY-MM-DD HH:MM:SS`; a missing
    /// zone means UTC.
    static func parseInstant(_ text: String) -> Timestamp? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let time = Timestamp(iso8601: trimmed) { return time }
        if let time = Timestamp(iso8601: trimmed + "Z") { return time }
        if trimmed.count == 10, let time = Timestamp(iso8601: trimmed + "T00:00:00Z") { return time }
        return nil
    }

    /// True for a real calendar date written `YYYY-MM-DD`.
    static func isCalendarDate(_ text: String) -> Bool {
        text.utf8.count == 10 && Timestamp(iso8601: text + "T00:00:00Z") != nil
    }

    /// `YYYY-MM-DD` of `time` shifted by `offsetSeconds` (the household's zone).
    static func calendarDate(_ time: Timestamp, offsetSeconds: Int = 0) -> String {
        String(time.adding(seconds: Int64(offsetSeconds)).iso8601.prefix(10))
    }

    /// The calendar date `days` after `date` (`YYYY-MM-DD`).
    static func date(_ date: String, plusDays days: Int) -> String {
        guard let start = Timestamp(iso8601: date + "T00:00:00Z") else { return date }
        return String(start.adding(seconds: Int64(days) * 86_400).iso8601.prefix(10))
    }
}
