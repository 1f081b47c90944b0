import Foundation

/// ISO 4217 currency codes from what shops write: codes in any case, symbols and
/// a few local abbreviations.
enum CurrencyCode {
    /// Symbols and words that name one currency unambiguously enough for a wishlist.
    /// `¥` (yen or yuan) and `kr` (several krone) are left out on purpose.
    private static let aliases: [String: String] = [
        "₽": "RUB", "руб": "RUB", "руб.": "RUB", "р": "RUB", "р.": "RUB", "rur": "RUB",
        "$": "USD", "us$": "USD",
        "€": "EUR",
        "£": "GBP",
        "₴": "UAH", "грн": "UAH", "грн.": "UAH",
        "₸": "KZT",
        "₹": "INR",
        "₺": "TRY",
        "zł": "PLN",
        "₩": "KRW",
    ]

    /// Codes trusted when they appear in running text, where any three letters
    /// ("for", "new") could otherwise pass for a currency.
    private static let commonCodes: Set<String> = [
        "AED", "AMD", "AUD", "AZN", "BRL", "BYN", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP",
        "GEL", "HKD", "HUF", "ILS", "INR", "JPY", "KGS", "KRW", "KZT", "MDL", "MXN", "NOK", "NZD",
        "PLN", "RON", "RSD", "RUB", "SEK", "SGD", "THB", "TJS", "TRY", "UAH", "USD", "UZS",
    ]

    /// The ISO code a currency field names (`priceCurrency`, `product:price:currency`):
    /// any three ASCII letters, upper-cased, or a known symbol. `RUR` becomes `RUB`.
    static func normalised(_ field: String) -> String? {
        let trimmed = field.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let alias = aliases[trimmed] { return alias }
        guard trimmed.count == 3, trimmed.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return trimmed.uppercased()
    }

    /// The currency a word next to a price names ("₽", "руб.", "USD"), accepting only
    /// symbols and common codes.
    static func named(byWord word: some StringProtocol) -> String? {
        let trimmed = word.trimmingCharacters(in: .whitespacesAndNewlines.union(.init(charactersIn: ":")))
        guard let code = normalised(trimmed) else { return nil }
        return aliases[trimmed.lowercased()] != nil || commonCodes.contains(code) ? code : nil
    }
}
