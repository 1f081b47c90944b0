import Foundation

/// `COUNTRY_CURRENCY_MAP` (spec §10): the currency of a vault's or a venue's country.
enum CountryCurrency {
    /// 36 codes. [FACT]: US, GB/UK, FR, JP and the 11 euro-zone codes; the rest is
    /// [PROPOSAL] (spec §10).
    static let map: [String: String] = [
        "US": "USD", "GB": "GBP", "UK": "GBP", "JP": "JPY",
        // Euro zone (11).
        "FR": "EUR", "DE": "EUR", "IT": "EUR", "ES": "EUR", "NL": "EUR", "BE": "EUR",
        "AT": "EUR", "IE": "EUR", "PT": "EUR", "FI": "EUR", "GR": "EUR",
        // [PROPOSAL]
        "CA": "CAD", "AU": "AUD", "NZ": "NZD", "CH": "CHF", "SE": "SEK", "NO": "NOK", "DK": "DKK",
        "PL": "PLN", "CZ": "CZK", "MX": "MXN", "BR": "BRL", "AR": "ARS", "CL": "CLP", "SG": "SGD",
        "HK": "HKD", "TW": "TWD", "MY": "MYR", "PH": "PHP", "IN": "INR", "TR": "TRY", "ZA": "ZAR",
    ]

    static let fallback = "USD"

    /// The currency of `country` (a code, any case, surrounding spaces ignored); unknown or
    /// missing → `USD`.
    static func currency(for country: String?) -> String {
        guard let country else { return fallback }
        return map[country.trimmingCharacters(in: .whitespaces).uppercased()] ?? fallback
    }
}
