import HearthCore

/// A calendar date written `YYYY-MM-DD` (spec §5.0), as milestone dates are stored.
struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    let year: Int
    let month: Int
    let day: Int

    init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`. Like pydantic's `date`, a date-time at exactly midnight
    /// (`2000-03-20T00:00:00`, optionally with zero fractions and `Z` or `+00:00`) is
    /// accepted as its date; any other time of day is not a date.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]), let day = Self.number(bytes[8..<10])
        else { return nil }
        if bytes.count > 10 {
            guard Self.isMidnight(String(decoding: bytes[10...], as: UTF8.self)) else { return nil }
        }
        self.init(year: year, month: month, day: day)
    }

    var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func days(in month: Int, of year: Int) -> Int {
        Int(CivilCalendar.daysIn(month: Int64(month), year: Int64(year)))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isMidnight(_ rest: String) -> Bool {
        var time = Substring(rest)
        guard time.first == "T" || time.first == "t" || time.first == " " else { return false }
        time = time.dropFirst()
        for suffix in ["Z", "z", "+00:00", "-00:00"] where time.hasSuffix(suffix) {
            time = time.dropLast(suffix.count)
            break
        }
        guard time.hasPrefix("00:00") else { return false }
        time = time.dropFirst(5)
        guard !time.isEmpty else { return true }
        guard time.hasPrefix(":00") else { return false }
        time = time.dropFirst(3)
        guard !time.isEmpty else { return true }
        guard time.first == ".", time.count > 1 else { return false }
        return time.dropFirst().allSatisfy { $0 == "0" }
    }
}
