import Foundation
import HearthCore

/// A calendar day as PantryPal stores it: `YYYY-MM-DD`.
public struct PantryDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let day: Int64

    public init(day: Int64) { self.day = day }

    /// Parses `YYYY-MM-DD` exactly; anything else (including impossible dates) is `nil`.
    public init?(_ text: String) {
        guard text.utf8.count == 10, let start = Timestamp(iso8601: text + "T00:00:00Z") else { return nil }
        day = start.millisecondsSince1970 / 86_400_000
    }

    /// The day `timestamp` falls on in `timeZone`.
    public init(_ timestamp: Timestamp, in timeZone: TimeZone) {
        let local = timestamp.adding(seconds: Int64(timeZone.secondsFromGMT(for: timestamp.date)))
        let milliseconds = local.millisecondsSince1970
        day = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
    }

    public func adding(days: Int) -> PantryDate { PantryDate(day: day + Int64(days)) }

    public var startOfDayUTC: Timestamp { Timestamp(millisecondsSince1970: day * 86_400_000) }

    public var description: String { String(startOfDayUTC.iso8601.prefix(10)) }

    public static func < (lhs: PantryDate, rhs: PantryDate) -> Bool { lhs.day < rhs.day }
}
