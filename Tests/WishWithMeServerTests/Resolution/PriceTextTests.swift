import Testing

@testable import WishWithMeServer

@Suite struct PriceTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let amount: Double
        let currency: String?
        var testDescription: String { text }

        init(_ text: String, _ amount: Double, _ currency: String? = nil) {
            self.text = text
            self.amount = amount
            self.currency = currency
        }
    }

    @Test(arguments: [
        Case("1 299,90", 1299.9),
        Case("1,299.90", 1299.9),
        Case("1299", 1299),
        Case("1299.90", 1299.9),
        Case("₽1 299", 1299, "RUB"),
        Case("1 299 ₽", 1299, "RUB"),
        Case("1\u{202F}299,00\u{00A0}₽", 1299, "RUB"),
        Case("1 299 руб.", 1299, "RUB"),
        Case("от 990 р.", 990, "RUB"),
        Case("$19.99", 19.99, "USD"),
        Case("US$ 5", 5, "USD"),
        Case("19,99 €", 19.99, "EUR"),
        Case("1.299,90 €", 1299.9, "EUR"),
        Case("£49.00", 49, "GBP"),
        Case("USD 25", 25, "USD"),
        Case("25 usd", 25, "USD"),
        Case("1.299", 1299),
        Case("1,299", 1299),
        Case("0.299", 0.299),
        Case("12,99", 12.99),
        Case("12,5", 12.5),
        Case("1,299,000", 1_299_000),
        Case("1.299.000", 1_299_000),
        Case("1'299.50", 1299.5),
        Case("Price: 19.99 for two", 19.99),
        Case("9 490 ₽ 12 999 ₽", 9490, "RUB"),
    ])
    func readsEuropeanAndUSPrices(_ example: Case) throws {
        let price = try #require(PriceText(example.text))
        #expect(price.amount == example.amount)
        #expect(price.currency == example.currency)
    }

    @Test(arguments: ["", "free", "-5", "−12,50", "$-5", "0", "0,00", "99999999999999", "по запросу"])
    func rejectsWhatIsNotAPrice(_ text: String) {
        #expect(PriceText(text) == nil)
    }

    @Test func onlyFinitePositiveAmountsAreValid() {
        #expect(PriceText.validAmount(1299.9) == 1299.9)
        #expect(PriceText.validAmount(0) == nil)
        #expect(PriceText.validAmount(-1) == nil)
        #expect(PriceText.validAmount(.nan) == nil)
        #expect(PriceText.validAmount(.infinity) == nil)
        #expect(PriceText.validAmount(1e13) == nil)
    }
}

@Suite struct CurrencyCodeTests {
    @Test(arguments: [
        ("RUB", "RUB"), ("rub", "RUB"), ("RUR", "RUB"), (" rur ", "RUB"), ("₽", "RUB"), ("руб.", "RUB"),
        ("$", "USD"), ("usd", "USD"), ("€", "EUR"), ("£", "GBP"), ("₴", "UAH"), ("chf", "CHF"), ("XYZ", "XYZ"),
    ])
    func fieldsNormaliseToUpperCaseISOCodes(field: String, code: String) {
        #expect(CurrencyCode.normalised(field) == code)
    }

    @Test(arguments: ["", "12", "dollars", "US", "ЕВР", "¥", "R$1", "€€"])
    func unknownFieldsGiveNoCode(field: String) {
        #expect(CurrencyCode.normalised(field) == nil)
    }

    @Test func wordsInRunningTextMustBeSymbolsOrCommonCodes() {
        #expect(CurrencyCode.named(byWord: "EUR") == "EUR")
        #expect(CurrencyCode.named(byWord: "Руб.") == "RUB")
        #expect(CurrencyCode.named(byWord: "for") == nil)
        #expect(CurrencyCode.named(byWord: "new") == nil)
    }
}
