import Foundation
import RushDayProto

/// The agenda screen: items grouped by calendar day in the viewer's time zone, days in
/// order, items by start time (then end time, unset last).
public struct AgendaDays: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        /// The day as `yyyy-MM-dd` in the time zone used.
        public var day: String
        public var items: [Rushday_V1_Agenda]
    }

    public var days: [Day]

    public init(_ items: [Rushday_V1_Agenda], timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let sorted = items.sorted(by: Self.byTime)
        var days: [Day] = []
        for item in sorted {
            let parts = calendar.dateComponents([.year, .month, .day], from: item.startTime.date)
            let key = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            if days.last?.day == key {
                days[days.count - 1].items.append(item)
            } else {
                days.append(Day(day: key, items: [item]))
            }
        }
        self.days = days
    }

    static func byTime(_ a: Rushday_V1_Agenda, _ b: Rushday_V1_Agenda) -> Bool {
        let left = (a.startTime.seconds, a.startTime.nanos)
        let right = (b.startTime.seconds, b.startTime.nanos)
        if left != right { return left < right }
        switch (a.hasEndTime, b.hasEndTime) {
        case (true, false): return true
        case (false, true): return false
        case (true, true) where a.endTime != b.endTime: return (a.endTime.seconds, a.endTime.nanos) < (b.endTime.seconds, b.endTime.nanos)
        default: return a.id < b.id
        }
    }
}
