import Foundation
import HearthCore
import HTTPTypes

/// Which calendar day "today" is for a household (W23): its IANA time zone
/// (`households.timezone`, default UTC), or for one request the `X-Timezone` header —
/// an IANA name (`Europe/Berlin`) or a fixed offset (`+02:00`, `-0530`, `UTC`).
enum HouseholdZone {
    static let header = HTTPField.Name.known("X-Timezone")

    /// A zone name or offset as stored and sent; `nil` when it is neither.
    static func validated(_ value: String) -> String? {
        let value = value.trimmed
        guard !value.isEmpty, value.count <= 64 else { return nil }
        return (try? offsetSeconds(value, at: Timestamp(millisecondsSince1970: 0))) == nil ? nil : value
    }

    /// Seconds east of UTC of `zone` at `time`.
    static func offsetSeconds(_ zone: String, at time: Timestamp) throws -> Int {
        let zone = zone.trimmed
        if zone.isEmpty || zone == "UTC" || zone == "Z" { return 0 }
        if let fixed = fixedOffset(zone) { return fixed }
        guard zone.contains("/"), let named = TimeZone(identifier: zone) else {
            throw PantryError.invalidField("The time zone must be an IANA name like Europe/Berlin, UTC, or an offset like +02:00")
        }
        return named.secondsFromGMT(for: time.date)
    }

    /// `+HH:MM`, `-HHMM`.
    private static func fixedOffset(_ value: String) -> Int? {
        let bytes = Array(value.utf8)
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, digits.allSatisfy({ (48...57).contains($0) }),
            let hours = Int(String(decoding: digits.prefix(2), as: UTF8.self)),
            let minutes = Int(String(decoding: digits.suffix(2), as: UTF8.self)), hours <= 14, minutes < 60
        else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
