import Testing
import WishWithMeServer

@Suite struct ProductPageRobustnessTests {
    let parser = ProductPageParser()

    @Test func emptyInputGivesNothing() {
        #expect(parser.parse(html: [], pageURL: "https://shop.example.com/") == .nothing)
    }

    @Test(arguments: [1, 17, 512, 4096, 65_536])
    func randomBytesGiveNothing(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        #expect(parser.parse(html: bytes, pageURL: "https://shop.example.com/") == .nothing)
    }

    @Test func nonHTTPPageURLStillParsesButKeepsNoRelativeOrCanonicalLinks() throws {
        let page = parser.parse(html: try Fixture.bytes("shopify-offers-array.html"), pageURL: "not a url")
        #expect(page.title == "Relaxed Linen Shirt & Pocket Square Set")
        #expect(page.imageURL == "https://northwind-apparel.com/cdn/shop/files/linen-shirt-sand.jpg?v=1699999999")
        #expect(page.canonicalURL == nil)
    }

    @Test func pageCutInsideItsJSONLDFallsBackToOpenGraph() throws {
        let html = try Fixture.bytes("shopify-offers-array.html")
        let cut = try #require(html.firstRange(of: Array(#""price": "68.00""#.utf8))).lowerBound
        let page = parser.parse(html: Array(html[..<cut]), pageURL: "https://northwind-apparel.com/products/relaxed-linen-shirt")
        #expect(page == ProductPage(
            title: "Relaxed Linen Shirt",
            description: "Our best-selling shirt, cut from breathable European flax.",
            price: 68,
            currency: "USD",
            imageURL: "https://northwind-apparel.com/cdn/shop/files/linen-shirt-sand.jpg?v=1699999999",
            canonicalURL: "https://northwind-apparel.com/products/relaxed-linen-shirt",
            confidence: 0.8
        ))
    }

    @Test func unterminatedMarkupIsRecovered() {
        let page = parser.parse(html: Array("<html><head><title>Half a page".utf8), pageURL: "https://shop.example.com/")
        #expect(page == ProductPage(title: "Half a page", confidence: 0.3))
    }

    @Test func deeplyNestedMarkupAndJSONDoNotCrash() {
        let html = "<title>Deep</title><script type=\"application/ld+json\">" + String(repeating: "[", count: 50_000)
            + "</script>" + String(repeating: "<div><span>", count: 50_000) + "x"
        let page = parser.parse(html: Array(html.utf8), pageURL: "https://shop.example.com/")
        #expect(page == ProductPage(title: "Deep", confidence: 0.3))
    }

    @Test func oversizedPagesAreCutAtACharacterBoundary() {
        let html = Array(("<title>" + String(repeating: "Ж", count: 100)).utf8)
        let limit = 7 + 2 * 40 + 1  // in the middle of the 41st "Ж"
        let page = ProductPageParser(maxHTMLBytes: limit).parse(html: html, pageURL: "https://shop.example.com/")
        #expect(page.title == String(repeating: "Ж", count: 40))
    }

    @Test func longTitlesAndDescriptionsAreCapped() {
        let words = Array(repeating: "word", count: 400).joined(separator: " \n\t ")
        let html = "<title>\(words)</title><meta name=\"description\" content=\"\(words)\">"
        let page = parser.parse(html: Array(html.utf8), pageURL: "https://shop.example.com/")
        #expect(page.title?.count == 199)  // 40 words of four letters and their spaces, trailing space dropped
        #expect(page.title?.hasSuffix("word") == true)
        #expect(page.description?.count == 999)
    }

    @Test func charsetFromHTTPHeaderOutranksTheMetaTag() {
        let html = Array("<meta charset=\"windows-1251\"><title>Кружка</title>".utf8)
        let followingMeta = parser.parse(html: html, pageURL: "https://shop.example.com/")
        let followingHeader = parser.parse(html: html, pageURL: "https://shop.example.com/", declaredCharset: "utf-8")
        #expect(followingMeta.title != "Кружка")
        #expect(followingHeader.title == "Кружка")
    }

    @Test func windows1251FixtureReadsTheSameWithTheCharsetDeclared() throws {
        let html = try Fixture.bytes("ozon-graph-product-cp1251.html")
        let url = "https://www.ozon.ru/product/chaynik-elektricheskiy-xiaomi-mi-smart-kettle-2-123456789/"
        #expect(parser.parse(html: html, pageURL: url, declaredCharset: "windows-1251") == parser.parse(html: html, pageURL: url))
    }

    @Test func parsingManyPagesAtOnceGivesTheSameAnswers() async throws {
        let names = [
            "ozon-graph-product-cp1251.html", "wildberries-array-utf8.html", "amazon-opengraph.html",
            "shopify-offers-array.html", "microdata-only.html", "twitter-card-only.html", "news-article.html",
            "malicious-links.html",
        ]
        let pages = try names.map { try Fixture.bytes($0) }
        let parser = self.parser
        let expected = pages.map { parser.parse(html: $0, pageURL: "https://www.example.com/") }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for round in 0..<64 {
                let index = round % pages.count
                let html = pages[index]
                let want = expected[index]
                group.addTask { parser.parse(html: html, pageURL: "https://www.example.com/") == want ? 0 : 1 }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

/// A seeded generator, so "random" inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
