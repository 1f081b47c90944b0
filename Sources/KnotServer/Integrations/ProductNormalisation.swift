import Foundation
import HearthCore

/// The normalisation rules the product integrations share (spec §10.2): descriptions cut
/// to 300 characters, prices turned into cents with rounding.
enum ProductNormalisation {
    /// [PROPOSAL]
    static let maxDescriptionLength = 300
    /// Prices above this (a billion in major units) are treated as garbage.
    static let maxCents: Int64 = 100_000_000_000

    /// Trimmed and cut to 300 characters; `nil` when nothing is left.
    static func description(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count > maxDescriptionLength else { return trimmed }
        return String(trimmed.prefix(maxDescriptionLength)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `"29.99"` → 2999, `"19.995"` → 2000 (half away from zero, on the decimal digits, so
    /// no binary rounding error creeps in); `nil` for anything that is not a plain
    /// non-negative decimal number.
    static func cents(fromDecimal text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty || parts.count == 2,
            whole.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), whole.utf8.count <= 12
        else { return nil }
        let fraction = parts.count == 2 ? Array(parts[1].utf8) : []
        guard fraction.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            !(whole.isEmpty && fraction.isEmpty)
        else { return nil }
        let digit = { (index: Int) -> Int64 in index < fraction.count ? Int64(fraction[index] - UInt8(ascii: "0")) : 0 }
        var cents = (Int64(whole) ?? 0) * 100 + digit(0) * 10 + digit(1)
        if digit(2) >= 5 { cents += 1 }
        return cents <= maxCents ? cents : nil
    }

    /// A JSON price in major units → cents; negative, non-finite or absurd amounts → `nil`.
    static func cents(fromAmount amount: Double) -> Int64? {
        guard amount.isFinite, amount >= 0 else { return nil }
        // Swift prints the shortest decimal that round-trips, so 19.995 is read as written.
        if let exact = cents(fromDecimal: "\(amount)") { return exact }
        let scaled = (amount * 100).rounded()
        return scaled <= Double(maxCents) ? Int64(scaled) : nil
    }

    /// A JSON value holding a price in major units, as a number or a numeric string.
    static func cents(fromAmount value: JSONValue?) -> Int64? {
        if let text = value?.stringValue { return cents(fromDecimal: text) }
        if let integer = value?.intValue { return integer >= 0 && integer <= maxCents / 100 ? integer * 100 : nil }
        if let double = value?.doubleValue { return cents(fromAmount: double) }
        return nil
    }
}
