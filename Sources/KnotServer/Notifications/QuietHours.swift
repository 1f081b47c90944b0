import Foundation
import HearthCore

/// Quiet hours (spec §8.4): whether `now` falls in a user's quiet window in their zone,
/// and when the window ends.
struct QuietHours: Sendable, Hashable {
    /// `DEFAULT_QUIET_HOURS_START` / `_END` [FACT].
    static let defaultStart = 22
    static let defaultEnd = 8

    var start: Int
    var end: Int
    var zone: TimeZone

    /// `start == end`: never quiet; `start > end` spans midnight; hours in local time.
    func isQuiet(hour: Int) -> Bool {
        if start == end { return false }
        if start > end { return hour >= start || hour < end }
        return start <= hour && hour < end
    }

    func isQuiet(at now: Timestamp) -> Bool {
        isQuiet(hour: localCalendar.component(.hour, from: now.date))
    }

    /// The next local `end:00` — today if it is still ahead, else tomorrow — as an instant.
    /// A wall time skipped by a daylight-saving change becomes the first instant after it.
    func nextDelivery(after now: Timestamp) -> Timestamp {
        let calendar = localCalendar
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: now.date)
        let today = CalendarDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        let aheadToday = (parts.hour ?? 0) < end
        guard let day = aheadToday ? today : today?.adding(days: 1) else { return now.adding(seconds: 3600) }
        return instant(of: day, hour: end)
    }

    /// The instant of a local wall time: the earlier one when a change repeats it, the
    /// change itself when a change skips it.
    func instant(of day: CalendarDate, hour: Int) -> Timestamp {
        let wallSeconds = Int64(day.daysSinceEpoch) * 86_400 + Int64(hour) * 3600
        let wallAsUTC = Date(timeIntervalSince1970: TimeInterval(wallSeconds))
        let offsets = Set([
            zone.secondsFromGMT(for: wallAsUTC.addingTimeInterval(-86_400)), zone.secondsFromGMT(for: wallAsUTC.addingTimeInterval(86_400)),
        ])
        let valid = offsets.map { wallSeconds - Int64($0) }.filter { candidate in
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(candidate)))) == wallSeconds - candidate
        }
        if let earliest = valid.min() { return Timestamp(millisecondsSince1970: earliest * 1000) }
        // Skipped: the change happened within the day around it.
        let before = wallSeconds - Int64(zone.secondsFromGMT(for: wallAsUTC.addingTimeInterval(-86_400)))
        let search = Date(timeIntervalSince1970: TimeInterval(before - 86_400))
        let change = zone.nextDaylightSavingTimeTransition(after: search)?.timeIntervalSince1970 ?? TimeInterval(before)
        return Timestamp(millisecondsSince1970: Int64(change) * 1000)
    }

    private var localCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}

extension Timestamp {
    fileprivate var date: Date { Date(timeIntervalSince1970: TimeInterval(millisecondsSince1970) / 1000) }
}
