import Testing

@testable import KnotServer

/// `COUNTRY_CURRENCY_MAP` (spec §10).
@Suite struct CountryCurrencyTests {
    @Test func mapHas36CodesIncludingElevenEuroZoneOnes() {
        #expect(CountryCurrency.map.count == 36)
        #expect(CountryCurrency.map.values.filter { $0 == "EUR" }.count == 11)
    }

    @Test(arguments: [("US", "USD"), ("GB", "GBP"), ("UK", "GBP"), ("FR", "EUR"), ("JP", "JPY"), ("CA", "CAD"), ("ZA", "ZAR")])
    func knownCodesMapToTheirCurrency(code: String, currency: String) {
        #expect(CountryCurrency.currency(for: code) == currency)
    }

    @Test func codesAreMatchedIgnoringCaseAndSpaces() {
        #expect(CountryCurrency.currency(for: " gb ") == "GBP")
    }

    @Test func unknownOrMissingCountryIsUSD() {
        #expect(CountryCurrency.currency(for: "ZZ") == "USD")
        #expect(CountryCurrency.currency(for: "United Kingdom") == "USD")
        #expect(CountryCurrency.currency(for: "") == "USD")
        #expect(CountryCurrency.currency(for: nil) == "USD")
    }
}
