/// A price as shops write it, in European or US style: "1 299,90", "1,299.90", "1299",
/// "₽1 299", "1 299 руб.", "$19.99".
///
/// The first number in the text is the amount; a currency symbol or code right before or
/// after it is kept. With a single `.` or `,` followed by exactly three digits the mark is
/// taken for a thousands separator ("1.299" is 1299), otherwise it is the decimal mark.
/// With both marks the later one is the decimal mark. Negative, zero, non-finite and
/// absurdly large amounts are no price at all: shops write 0 for "price on request".
struct PriceText: Hashable {
    static let largestAmount = 1e12

    let amount: Double
    let currency: String?

    init?(_ text: String) {
        let characters = Array(text)
        guard let start = characters.firstIndex(where: \.isASCIIDigit) else { return nil }
        let before = characters[..<start]
        guard !before.contains(where: { $0 == "-" || $0 == "−" }) else { return nil }
        var end = start
        while end < characters.count {
            let character = characters[end]
            if character.isASCIIDigit {
                end += 1
            } else if Self.isSeparator(character), end + 1 < characters.count, characters[end + 1].isASCIIDigit {
                end += 1
            } else {
                break
            }
        }
        guard let number = Self.number(from: characters[start..<end]), let amount = Self.validAmount(number)
        else { return nil }
        self.amount = amount
        let after = characters[end...]
        currency =
            String(before).split(whereSeparator: \.isWhitespace).last.flatMap(CurrencyCode.named(byWord:))
            ?? String(after).split(whereSeparator: \.isWhitespace).first.flatMap(CurrencyCode.named(byWord:))
    }

    /// `value` when it can be a price: finite, above zero, below ``largestAmount``.
    static func validAmount(_ value: Double) -> Double? {
        value.isFinite && value > 0 && value < largestAmount ? value : nil
    }

    private static func isSeparator(_ character: Character) -> Bool {
        switch character {
        case ".", ",", " ", "'", "’", "\u{00A0}", "\u{2009}", "\u{202F}": true
        default: false
        }
    }

    /// Digits and separators (starting and ending with a digit) as a number.
    private static func number(from run: ArraySlice<Character>) -> Double? {
        let marks = run.filter { $0 == "." || $0 == "," }
        var decimalMark: Character?
        if let last = marks.last {
            if marks.contains(where: { $0 != last }) {
                guard marks.filter({ $0 == last }).count == 1 else { return nil }
                decimalMark = last
            } else if marks.count == 1 {
                decimalMark = isThousandsSeparator(last, in: run) ? nil : last
            }
        }
        var plain = ""
        for character in run {
            if character.isASCIIDigit {
                plain.append(character)
            } else if character == decimalMark {
                plain.append(".")
            }
        }
        return Double(plain)
    }

    /// A lone mark with exactly three digits after it and a non-zero integer part groups
    /// thousands: "1,299" and "1.299" are 1299, "0.299" and "12,99" are fractions.
    private static func isThousandsSeparator(_ mark: Character, in run: ArraySlice<Character>) -> Bool {
        guard let position = run.firstIndex(of: mark) else { return false }
        let fraction = run[run.index(after: position)...]
        let integer = run[..<position].filter(\.isASCIIDigit)
        return fraction.count == 3 && fraction.allSatisfy(\.isASCIIDigit) && integer.contains { $0 != "0" }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
