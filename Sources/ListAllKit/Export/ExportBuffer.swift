import Foundation
import HearthCore

/// The UTF-8 bytes of an export under construction. Numbers, machine dates and UUIDs are
/// written digit by digit, so a large export makes no Foundation formatter calls.
struct ExportBuffer {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ raw: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    mutating func append(scalar: Unicode.Scalar) {
        bytes.append(contentsOf: scalar.utf8)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(byte: UInt8, count: Int) {
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(byte, count: count))
    }

    /// Plain decimal, `-` for negatives.
    mutating func append(int value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, width: 1)
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC, fractions truncated (spec §0), the same text as
    /// `MachineDate.format`; times outside years 0001…9999 are written as the nearest end.
    mutating func append(machineDate date: Date) {
        let fields = CivilTime(secondsSince1970: Self.wholeSeconds(date))
        appendDigits(UInt(fields.year), width: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(fields.month), width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(fields.day), width: 2)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(UInt(fields.hour), width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(UInt(fields.minute), width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(UInt(fields.second), width: 2)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Uppercase canonical 8-4-4-4-12 (spec §0).
    mutating func append(uuid: UUID) {
        let hex: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: uuid.uuid) { raw in
            hex.withUTF8Buffer { digits in
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 0x0F)])
                }
            }
        }
    }

    /// `value` in decimal, left-padded with zeros to `width` digits.
    mutating func appendDigits(_ value: UInt, width: Int) {
        var count = 1
        var probe = value / 10
        while probe > 0 {
            count += 1
            probe /= 10
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(count, width)))
        var rest = value
        var index = bytes.count - 1
        while index >= start && rest > 0 {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// Whole seconds since 1970, rounded down and clamped to years 0001…9999.
    static func wholeSeconds(_ date: Date) -> Int64 {
        let lower = Timestamp.writableRange.lowerBound / 1000
        let upper = Timestamp.writableRange.upperBound / 1000
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return seconds > 0 ? upper : lower }
        if seconds <= Double(lower) { return lower }
        if seconds >= Double(upper) { return upper }
        return Int64(seconds)
    }
}

/// The proleptic Gregorian calendar fields of a count of seconds since 1970.
struct CivilTime: Equatable {
    var year: Int64
    var month: Int64
    var day: Int64
    var hour: Int64
    var minute: Int64
    var second: Int64

    init(secondsSince1970 seconds: Int64) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        // Days to civil date (the "era" algorithm: 400-year cycles starting on 1 March).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
