extension Timestamp {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`; `t`, `z` and a space
    /// separator are accepted as RFC 3339 allows. Fractions beyond milliseconds are truncated.
    public init?(iso8601 text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skipOne(of: "Tt "),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var millisecond: Int64 = 0
        if scanner.skip(".") {
            guard let fraction = scanner.fractionMilliseconds() else { return nil }
            millisecond = fraction
        }
        guard let offsetMinutes = scanner.utcOffsetMinutes(), scanner.isAtEnd else { return nil }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetMinutes * 60
        let milliseconds = seconds * 1000 + millisecond
        guard Timestamp.writableRange.contains(milliseconds) else { return nil }
        self.init(millisecondsSince1970: milliseconds)
    }

    /// Years 0001…9999: every timestamp in this range writes as four-digit ISO-8601.
    public static let writableRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999
}

private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for _ in 0..<digits {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
            index += 1
        }
        return value
    }

    mutating func skip(_ character: Character) -> Bool {
        skipOne(of: String(character))
    }

    mutating func skipOne(of characters: String) -> Bool {
        guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    mutating func fractionMilliseconds() -> Int64? {
        var digits = 0
        var value: Int64 = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            if digits < 3 { value = value * 10 + Int64(bytes[index] - 0x30) }
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        for _ in digits..<max(digits, 3) { value *= 10 }
        return value
    }

    mutating func utcOffsetMinutes() -> Int64? {
        if skipOne(of: "Zz") { return 0 }
        guard index < bytes.count else { return nil }
        let sign: Int64
        switch bytes[index] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        index += 1
        guard let hours = number(digits: 2) else { return nil }
        _ = skip(":")
        guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}

/// Proleptic Gregorian date arithmetic (Howard Hinnant's days-from-civil algorithms).
public enum CivilCalendar {
    public static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func date(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    public static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
