import Foundation

/// A moment in UTC with millisecond precision: the unit every Hearth timestamp is stored,
/// compared and sent in.
///
/// Written as ISO-8601 with milliseconds and `Z` (`2026-11-22T13:18:16.123Z`); parsed from
/// any valid RFC 3339 form (any fraction precision, `Z` or a `±hh:mm` offset).
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    public init(_ date: Date) {
        self.millisecondsSince1970 = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    public func adding(milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 + milliseconds)
    }

    public func adding(seconds: Int64) -> Timestamp { adding(milliseconds: seconds * 1000) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// Times outside years 0001…9999 are written as the nearest end of that range.
    public var iso8601: String {
        let clamped = min(max(millisecondsSince1970, Self.writableRange.lowerBound), Self.writableRange.upperBound)
        let (days, msOfDay) = clamped.floorDivided(by: 86_400_000)
        let (year, month, day) = CivilCalendar.date(fromDaysSince1970: days)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1000 % 60
        let millisecond = msOfDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millisecond, 3))Z"
    }

    public var description: String { iso8601 }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an ISO-8601 timestamp such as 2026-11-22T13:18:16.123Z")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

extension Int64 {
    /// Division rounding towards negative infinity, with a non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor
        let remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
