import Foundation
import HearthCore

/// An event's dates in English for the invitation pages, in UTC (the server does not know
/// the guest's time zone): "Saturday, 13 June 2026 at 18:00 UTC", an all-day event
/// without the time, and "– …" for an end date.
enum EventDateText {
    static func describe(date: Timestamp, end: Timestamp?, isAllDay: Bool) -> String {
        let start = format(date, withTime: !isAllDay)
        guard let end, end != date else { return start }
        return start + " – " + format(end, withTime: !isAllDay)
    }

    static func format(_ timestamp: Timestamp, withTime: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = withTime ? "EEEE, d MMMM yyyy 'at' HH:mm 'UTC'" : "EEEE, d MMMM yyyy"
        return formatter.string(from: timestamp.date)
    }
}
