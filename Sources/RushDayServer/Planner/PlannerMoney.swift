/// Exact money arithmetic for the planner (spec §2.6: no floating point, round half away
/// from zero) and the currency tables of §2.6 and §5.3.

/// A non-negative exact fraction `numerator / denominator`, kept reduced so the planner's
/// products stay well inside `Int64` (inputs are bounded by validation: G ≤ 100 000, amounts
/// ≤ 10¹³). Multiplication saturates instead of trapping.
public struct ExactFraction: Sendable, Hashable {
    public let numerator: Int64
    public let denominator: Int64

    public init(_ numerator: Int64, _ denominator: Int64 = 1) {
        precondition(denominator > 0, "denominator must be positive")
        let divisor = ExactFraction.gcd(Swift.max(numerator, 0), denominator)
        self.numerator = Swift.max(numerator, 0) / Swift.max(divisor, 1)
        self.denominator = denominator / Swift.max(divisor, 1)
    }

    public static let one = ExactFraction(1)

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    public static func * (lhs: ExactFraction, rhs: ExactFraction) -> ExactFraction {
        let g1 = Swift.max(gcd(lhs.numerator, rhs.denominator), 1)
        let g2 = Swift.max(gcd(rhs.numerator, lhs.denominator), 1)
        let (n, nOverflow) = (lhs.numerator / g1).multipliedReportingOverflow(by: rhs.numerator / g2)
        let (d, dOverflow) = (lhs.denominator / g2).multipliedReportingOverflow(by: rhs.denominator / g1)
        if dOverflow { return ExactFraction(0) }
        if nOverflow { return ExactFraction(Int64.max / 4, d) }
        return ExactFraction(n, d)
    }

    /// Rounds `self / unit` half away from zero and multiplies back: round_R of §5.3.
    public func rounded(toMultipleOf unit: Int64) -> Int64 {
        let unit = Swift.max(unit, 1)
        let (scaledDenominator, overflow) = denominator.multipliedReportingOverflow(by: unit)
        guard !overflow else { return 0 }
        // floor((2n + d·R) / (2·d·R)) for n ≥ 0.
        let quotient = numerator / scaledDenominator
        let remainder = numerator % scaledDenominator
        let units = remainder * 2 >= scaledDenominator ? quotient + 1 : quotient
        let (result, resultOverflow) = units.multipliedReportingOverflow(by: unit)
        return resultOverflow ? Int64.max : result
    }
}

/// Currency facts the planner needs (§2.6, §5.3).
public struct PlannerCurrency: Sendable, Hashable, Codable {
    /// ISO 4217 code, e.g. "USD".
    public let code: String

    public init(code: String) { self.code = code }

    public static let usd = PlannerCurrency(code: "USD")

    /// Minor-unit exponent: JPY 0, every other supported or well-formed code 2.
    public var exponent: Int {
        code == "JPY" ? 0 : 2
    }

    /// 10^exponent.
    public var minorUnitsPerMajor: Int64 {
        var value: Int64 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The rounding unit R = 10 major units (USD: 1 000 cents).
    public var roundingUnit: Int64 { 10 * minorUnitsPerMajor }

    /// C: indicative factor from USD cents to this currency's minor units (not live rates).
    public var fromUSDCents: ExactFraction {
        switch code {
        case "EUR": ExactFraction(92, 100)
        case "GBP": ExactFraction(79, 100)
        case "CAD": ExactFraction(136, 100)
        case "AUD": ExactFraction(152, 100)
        case "CHF": ExactFraction(88, 100)
        case "CNY": ExactFraction(72, 10)
        case "INR": ExactFraction(83)
        case "RUB": ExactFraction(90)
        case "JPY": ExactFraction(15, 10)
        case "UZS": ExactFraction(12_500)
        default: .one
        }
    }

    /// Whether a code is well formed: three upper-case ASCII letters.
    public static func isWellFormed(_ code: String) -> Bool {
        code.unicodeScalars.count == 3 && code.unicodeScalars.allSatisfy { $0.value >= 65 && $0.value <= 90 }
    }

    /// Display symbol (§4.7.2 list); other codes → the code itself.
    public var symbol: String {
        switch code {
        case "USD": "$"
        case "EUR": "€"
        case "GBP": "£"
        case "JPY", "CNY": "¥"
        case "AUD": "A$"
        case "CAD": "C$"
        case "CHF": "CHF"
        case "INR": "₹"
        case "RUB": "₽"
        case "UZS": "so'm"
        default: code
        }
    }

    /// Formats minor units for texts, e.g. "$5,000.00" or "¥9,000" (no floating point).
    public func format(_ minorUnits: Int64) -> String {
        let negative = minorUnits < 0
        let magnitude = minorUnits.magnitude
        let perMajor = UInt64(minorUnitsPerMajor)
        let major = magnitude / perMajor
        let minor = magnitude % perMajor
        var digits = String(major)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        grouped = digits + grouped
        var text = symbol + grouped
        if exponent > 0 {
            let fraction = String(minor)
            text += "." + String(repeating: "0", count: exponent - fraction.count) + fraction
        }
        return negative ? "-" + text : text
    }
}

/// Money limits shared by the planner (§2.5).
public enum PlannerMoneyLimits {
    /// Upper bound of every money field: 10¹³ minor units.
    public static let maximumAmount: Int64 = 10_000_000_000_000

    /// Clamps to 0…10¹³.
    public static func clamp(_ amount: Int64) -> Int64 {
        Swift.min(Swift.max(amount, 0), maximumAmount)
    }
}
