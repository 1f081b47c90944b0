import Foundation

/// Names of export and share files (spec §2.5, §2.6): `ListAll-Export-<stamp>.json|csv|txt`
/// and `<list name>-<stamp>.json|csv`, `<stamp>` being `yyyy-MM-dd-HHmmss` in the given
/// (local) time zone, Gregorian calendar, ASCII digits.
public enum ExportFileName {
    public static func wholeStore(_ type: ExportFileType, now: Date, timeZone: TimeZone) -> String {
        "ListAll-Export-\(stamp(now: now, timeZone: timeZone)).\(type.fileExtension)"
    }

    /// The list name with path separators and control characters replaced (§10.14), so a
    /// list called `a/b` cannot name a file in another folder.
    public static func sharedList(name: String, type: ExportFileType, now: Date, timeZone: TimeZone) -> String {
        "\(sanitized(name))-\(stamp(now: now, timeZone: timeZone)).\(type.fileExtension)"
    }

    /// `/`, `\` and every control character (general category Cc, which includes the line
    /// breaks CR, LF and NEL) become `-`; everything else is kept.
    public static func sanitized(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let replace = scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
            scalars.append(replace ? "-" : scalar)
        }
        return String(scalars)
    }

    /// `yyyy-MM-dd-HHmmss` of `now` in `timeZone` (seconds truncated).
    public static func stamp(now: Date, timeZone: TimeZone) -> String {
        let utcSeconds = ExportBuffer.wholeSeconds(now)
        let local = CivilTime(secondsSince1970: utcSeconds + Int64(timeZone.secondsFromGMT(for: now)))
        var buffer = ExportBuffer(reservingCapacity: 17)
        buffer.appendDigits(UInt(max(local.year, 0)), width: 4)
        buffer.append(byte: UInt8(ascii: "-"))
        buffer.appendDigits(UInt(local.month), width: 2)
        buffer.append(byte: UInt8(ascii: "-"))
        buffer.appendDigits(UInt(local.day), width: 2)
        buffer.append(byte: UInt8(ascii: "-"))
        buffer.appendDigits(UInt(local.hour), width: 2)
        buffer.appendDigits(UInt(local.minute), width: 2)
        buffer.appendDigits(UInt(local.second), width: 2)
        return buffer.string
    }
}
