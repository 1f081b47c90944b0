import Testing

@testable import WishWithMeServer

/// The model's answer is checked field by field (spec §6.2 step 5); structured data wins.
@Suite struct ProductModelAnswerTests {
    static let pageURL = "https://www.shop.example/p/lamp?ref=1"
    static let candidates = ["https://cdn.shop.example/lamp.jpg"]

    func product(_ content: String) -> ProductPage? {
        ProductModelAnswer.product(from: content, pageURL: Self.pageURL, imageCandidates: Self.candidates)
    }

    @Test func aGoodAnswerBecomesAProduct() throws {
        let answer = try #require(
            product(
                """
                {"title": "  Desk\\n Lamp ", "description": "<p>Warm light</p>", "price_amount": 1490.5, "price_currency": "rub",
                 "canonical_url": "/p/lamp", "image_url": "https://cdn.shop.example/lamp.jpg", "confidence": 0.8}
                """))
        #expect(answer == ProductPage(
            title: "Desk Lamp", description: "Warm light", price: 1490.5, currency: "RUB", imageURL: "https://cdn.shop.example/lamp.jpg",
            canonicalURL: "https://www.shop.example/p/lamp", confidence: 0.8))
    }

    @Test func jsonWrappedInProseOrFencesIsFound() {
        let content = "Here you go:\n```json\n{\"title\": \"Lamp\", \"price_amount\": \"99\"}\n```"
        #expect(product(content)?.title == "Lamp")
        #expect(product(content)?.price == 99)
        #expect(product(content)?.confidence == ProductModelAnswer.defaultConfidence)
    }

    @Test(arguments: ["I cannot help with that.", "", "[1, 2]", "{\"title\": ", "null"])
    func nonJSONAnswersAreIgnored(content: String) {
        #expect(product(content) == nil)
    }

    @Test func badFieldsAreDroppedOneByOne() throws {
        let answer = try #require(
            product(
                """
                {"title": 42, "description": ["x"], "price_amount": -5, "price_currency": "RUB",
                 "canonical_url": "https://evil.example/p/lamp", "image_url": "javascript:alert(1)", "confidence": 7}
                """))
        #expect(answer == ProductPage())
    }

    @Test(arguments: [
        (#""price_amount": 0"#, nil), (#""price_amount": "1e400""#, nil), (#""price_amount": true"#, nil),
        (#""price_amount": "12,5 руб""#, nil), (#""price_amount": 12"#, 12.0),
    ] as [(String, Double?)])
    func pricesMustBeFinitePositiveNumbers(field: String, price: Double?) {
        #expect(product("{\"title\": \"Lamp\", \(field)}")?.price == price)
    }

    @Test(arguments: [("RUB", "RUB"), ("usd", "USD"), ("RUR", "RUB"), ("₽", nil), ("RUBLES", nil), ("12€", nil)] as [(String, String?)])
    func currenciesMustBeISOCodes(field: String, currency: String?) {
        #expect(product("{\"title\": \"Lamp\", \"price_amount\": 10, \"price_currency\": \"\(field)\"}")?.currency == currency)
    }

    @Test func aCurrencyWithoutAPriceIsDropped() {
        #expect(product(#"{"title": "Lamp", "price_currency": "USD"}"#)?.currency == nil)
    }

    @Test func anImageOutsideTheCandidatesMustStillBeHTTP() {
        #expect(product(#"{"title": "Lamp", "image_url": "/img/other.png"}"#)?.imageURL == "https://www.shop.example/img/other.png")
        #expect(product(#"{"title": "Lamp", "image_url": "data:image/png;base64,AAAA"}"#)?.imageURL == nil)
        #expect(product(#"{"title": "Lamp", "image_url": "ftp://shop.example/x.png"}"#)?.imageURL == nil)
    }

    @Test func aCanonicalURLMustStayOnTheSite() {
        #expect(product(#"{"title": "Lamp", "canonical_url": "https://m.shop.example/lamp"}"#)?.canonicalURL == "https://m.shop.example/lamp")
        #expect(product(#"{"title": "Lamp", "canonical_url": "https://shop.example.evil.com/lamp"}"#)?.canonicalURL == nil)
    }

    @Test func withoutATitleTheAnswerHasNoConfidence() {
        #expect(product(#"{"price_amount": 10, "confidence": 0.9}"#)?.confidence == 0)
    }

    @Test func theModelOnlyFillsGapsInStructuredData() {
        let structured = ProductPage(title: "Desk Lamp", price: 1490, currency: "RUB", confidence: 0.5)
        let model = ProductPage(
            title: "Lamp (model)", description: "Warm", price: 10, currency: "USD", imageURL: "https://shop.example/l.jpg", confidence: 0.9)
        let merged = structured.supplemented(by: model)
        #expect(merged.title == "Desk Lamp" && merged.price == 1490 && merged.currency == "RUB")
        #expect(merged.description == "Warm" && merged.imageURL == "https://shop.example/l.jpg" && merged.confidence == 0.9)
        let unpriced = ProductPage(title: "Desk Lamp", confidence: 0.3).supplemented(by: model)
        #expect(unpriced.title == "Desk Lamp" && unpriced.price == 10 && unpriced.currency == "USD")
        #expect(ProductPage(title: "Desk Lamp", confidence: 0.3).supplemented(by: ProductPage()).confidence == 0.3)
    }

    @Test func settingsAreReadFromTheEnvironmentAndTheKeyIsNotShown() throws {
        #expect(try ProductModelSettings.fromEnvironment([:]) == nil)
        let settings = try #require(
            try ProductModelSettings.fromEnvironment([
                "HEARTH_WWM_LLM_BASE_URL": "http://127.0.0.1:11434/v1/", "HEARTH_WWM_LLM_MODEL": "qwen2.5",
                "HEARTH_WWM_LLM_API_KEY": "sk-secret",
            ]))
        #expect(settings.baseURL == "http://127.0.0.1:11434/v1" && settings.model == "qwen2.5" && settings.apiKey == "sk-secret")
        #expect(!settings.description.contains("sk-secret"))
        #expect(throws: (any Error).self) { try ProductModelSettings.fromEnvironment(["HEARTH_WWM_LLM_BASE_URL": "ftp://x/v1", "HEARTH_WWM_LLM_MODEL": "m"]) }
        #expect(throws: (any Error).self) { try ProductModelSettings.fromEnvironment(["HEARTH_WWM_LLM_BASE_URL": "http://x/v1"]) }
        #expect(throws: (any Error).self) { try ProductModelSettings.fromEnvironment(["HEARTH_WWM_LLM_MODEL": "m"]) }
    }
}
