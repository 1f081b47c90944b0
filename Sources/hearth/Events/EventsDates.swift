import Foundation
import SwiftProtobuf

/// Dates as people type and read them in the terminal, in the local time zone (TZ).
enum EventsDates {
    /// "2026-06-14" (a whole day: `allDay` true) or "2026-06-14T15:00", "2026-06-14 15:00",
    /// or a full ISO 8601 time with its offset.
    static func parse(_ text: String, option: String) throws -> (date: Date, allDay: Bool) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = formatter("yyyy-MM-dd").date(from: trimmed) { return (date, true) }
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm:ss"] {
            if let date = formatter(format).date(from: trimmed) { return (date, false) }
        }
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: trimmed) { return (date, false) }
        throw CommandError("\(option): '\(text)' is not a date; use 2026-06-14 (all day) or 2026-06-14T15:00.")
    }

    static func timestamp(_ text: String, option: String) throws -> Google_Protobuf_Timestamp {
        Google_Protobuf_Timestamp(date: try parse(text, option: option).date)
    }

    /// "2026-06-14" for all-day events, "2026-06-14 15:00" otherwise.
    static func show(_ timestamp: Google_Protobuf_Timestamp, allDay: Bool = false) -> String {
        formatter(allDay ? "yyyy-MM-dd" : "yyyy-MM-dd HH:mm").string(from: timestamp.date)
    }

    static func time(_ timestamp: Google_Protobuf_Timestamp) -> String { formatter("HH:mm").string(from: timestamp.date) }

    /// RFC 3339 in UTC, for --json.
    static func json(_ timestamp: Google_Protobuf_Timestamp) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: timestamp.date)
    }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = format
        return formatter
    }
}
