import HTTPTypes

/// Which calendar day "today" is for a household (W23). Hearth accepts fixed UTC offsets
/// (`UTC`, `Z`, `+02:00`, `-0530`) through `X-Timezone`; named IANA zones are not
/// resolved (Linux builds carry no zone database guarantee), so they read as UTC.
enum HouseholdZone {
    static let header = HTTPField.Name("X-Timezone")!

    static func offsetSeconds(_ value: String?) throws -> Int {
        guard let value = value?.trimmed, !value.isEmpty, value != "UTC", value != "Z" else { return 0 }
        let bytes = Array(value.utf8)
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return 0 }
        let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, digits.allSatisfy({ (48...57).contains($0) }),
            let hours = Int(String(decoding: digits.prefix(2), as: UTF8.self)),
            let minutes = Int(String(decoding: digits.suffix(2), as: UTF8.self)), hours <= 14, minutes < 60
        else { throw PantryError.invalidField("X-Timezone must be UTC or an offset like +02:00") }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
