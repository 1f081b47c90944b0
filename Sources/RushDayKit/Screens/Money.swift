import Foundation

/// Money as people type and read it, converted exactly to and from minor units (spec §2.6:
/// no floating point). "12.50" USD is 1250; "1500" JPY is 1500.
public enum Money {
    /// Digits after the decimal point for `currencyCode` (JPY 0, every other code 2).
    public static func exponent(of currencyCode: String) -> Int {
        currencyCode.uppercased() == "JPY" ? 0 : 2
    }

    /// Parses "12.50", "12.5", "12", "1,234.56" or "-3.00" into minor units; `nil` when it
    /// is not an amount or has more decimals than the currency allows.
    public static func parse(_ text: String, currencyCode: String = "USD") -> Int64? {
        let exponent = exponent(of: currencyCode)
        var body = Substring(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ""))
        var negative = false
        if body.first == "-" {
            negative = true
            body = body.dropFirst()
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit)
        else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= exponent, fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else { return nil }
        guard whole.count <= 15, let units = Int64(whole) else { return nil }
        let padded = fraction + String(repeating: "0", count: exponent - fraction.count)
        let minor = padded.isEmpty ? 0 : (Int64(padded) ?? 0)
        let (scaled, overflow) = units.multipliedReportingOverflow(by: power(exponent))
        guard !overflow else { return nil }
        let amount = scaled + minor
        return negative ? -amount : amount
    }

    /// "12.50" for 1250 USD, "1500" for 1500 JPY, "-0.05" for -5 USD.
    public static func format(_ minorUnits: Int64, currencyCode: String = "USD") -> String {
        let exponent = exponent(of: currencyCode)
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        guard exponent > 0 else { return sign + String(magnitude) }
        let scale = UInt64(power(exponent))
        let fraction = String(magnitude % scale)
        return sign + String(magnitude / scale) + "." + String(repeating: "0", count: exponent - fraction.count) + fraction
    }

    /// The amount with its currency symbol (spec §4.7.2's list), e.g. "$12.50", "so'm 3.00".
    public static func display(_ minorUnits: Int64, currencyCode: String, symbol: String? = nil) -> String {
        let shown = symbol.flatMap { $0.isEmpty ? nil : $0 } ?? Self.symbol(of: currencyCode)
        let number = format(minorUnits, currencyCode: currencyCode)
        return shown.count == 1 ? shown + number : shown + " " + number
    }

    public static func symbol(of currencyCode: String) -> String {
        switch currencyCode.uppercased() {
        case "USD": "$"
        case "EUR": "€"
        case "GBP": "£"
        case "JPY", "CNY": "¥"
        case "AUD": "A$"
        case "CAD": "C$"
        case "INR": "₹"
        case "RUB": "₽"
        case "UZS": "so'm"
        default: currencyCode.uppercased()
        }
    }

    private static func power(_ exponent: Int) -> Int64 {
        (0..<exponent).reduce(Int64(1)) { value, _ in value * 10 }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
