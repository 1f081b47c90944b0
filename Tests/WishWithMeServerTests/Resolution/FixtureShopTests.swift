import Foundation
import HearthCore
import HearthOutbound
import HearthTesting
import Hummingbird
import NIOCore
import Testing

@testable import WishWithMeServer

/// Shop pages that go wrong in the ways real shops do, resolved by the lookup the resolution
/// job runs against a shop on loopback: challenge pages, huge pages, images that never come.
/// The parser's reading of JSON-LD, Open Graph and microdata pages is covered field by field
/// in ``ProductPageFixtureTests`` and ``StructuredDataTests``, the corpus in
/// ``ProductCorpusTests``; here the same kinds of page also go through fetching and the image
/// download, down to the fields an item stores.
@Suite struct FixtureShopTests {
    /// Serves `routes` (path → handler) on loopback and runs `body` with the shop's origin.
    static func shop<T: Sendable>(
        _ configure: @Sendable (Router<BasicRequestContext>) -> Void, _ body: @Sendable (_ origin: String) async throws -> T
    ) async throws -> T {
        let router = Router()
        configure(router)
        router.get("cdn/**") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: FakeShop.pixelPNG)))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)") }
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        html(Array(text.utf8), status: status)
    }

    static func html(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// JSON-LD naming a product `name` that costs 12 EUR.
    static func productData(_ name: String) -> String {
        #"<script type="application/ld+json">{"@type":"Product","name":"\#(name)","offers":{"price":"12","priceCurrency":"EUR"}}</script>"#
    }

    static let productHead = """
        <title>Enamel Kettle | Shop</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product",
        "name":"Enamel Kettle","image":"/cdn/kettle.png","offers":{"@type":"Offer","price":"39.90","priceCurrency":"EUR"}}</script>
        """

    // MARK: Challenge pages

    struct Challenge: Sendable, CustomTestStringConvertible {
        var name: String
        var html: String
        var status: Int
        var testDescription: String { name }
    }

    static let challenges = [
        Challenge(
            name: "short page titled Checking your browser…",
            html: "<html><head><title>Checking your browser…</title></head><body><p>This process is automatic.</p></body></html>",
            status: 200),
        Challenge(
            name: "page over the short-page size with a hard marker",
            html: "<html><head><title>Just a moment...</title><style>" + String(repeating: ".x{color:#333}", count: 500)
                + "</style></head><body><p>Verifying the connection.</p><script>window._cf_chl_opt={cType:'managed'};</script></body></html>",
            status: 200),
        Challenge(
            name: "refusal answered 403",
            html: "<html><head><title>Access denied</title></head><body>You don't have permission to access this page.</body></html>",
            status: 403),
        Challenge(
            name: "too many requests answered 429",
            html: "<html><body>Too many requests</body></html>", status: 429),
    ]

    @Test(arguments: challenges)
    func aChallengeOrRefusalPageEndsAsBlockedOrUnavailable(challenge: Challenge) async throws {
        if challenge.status == 200, !challenge.html.contains("_cf_chl_opt") {
            #expect(challenge.html.utf8.count < BlockedPageDetector.shortPageBytes, "the short-page rule is what this case exercises")
        }
        let outcome = try await Self.shop({ router in
            router.get("products/guarded") { _, _ in Self.html(challenge.html, status: .init(code: challenge.status)) }
        }) { origin in
            await CorpusShop.outcome(of: "\(origin)/products/guarded", with: CorpusShop.lookup())
        }
        guard case .failed(let code) = outcome else {
            Issue.record("resolved instead of blocked: \(outcome.storedFields)")
            return
        }
        #expect(code == "BLOCKED_OR_UNAVAILABLE")
    }

    @Test func aProductPageWithACaptchaOnItsReviewFormIsNotTakenForAChallenge() async throws {
        let page = "<html><head>\(Self.productHead)</head><body><h1>Enamel Kettle</h1><form class=\"review\">"
            + "<div class=\"g-recaptcha\" data-sitekey=\"x\"></div></form></body></html>"
        let outcome = try await Self.shop({ router in router.get("products/kettle") { _, _ in Self.html(page) } }) { origin in
            await CorpusShop.outcome(of: "\(origin)/products/kettle", with: CorpusShop.lookup())
        }
        #expect(outcome.storedFields["title"] == "Enamel Kettle")
        #expect(outcome.storedFields["price"]?.doubleValue == 39.9)
    }

    // MARK: Huge pages

    /// `bytes` of HTML: `head` in the head, then a product listing, then `tail` before `</body>`.
    static func hugePage(bytes: Int, head: String, tail: String = "") -> [UInt8] {
        var html = "<!doctype html><html><head>\(head)</head><body><ul>"
        let tile = "<li class=\"tile\"><a href=\"/p/x\"><img src=\"/cdn/x.png\" loading=\"lazy\" alt=\"\">Another product</a></li>\n"
        html += String(repeating: tile, count: max(0, bytes - html.utf8.count - tail.utf8.count) / tile.utf8.count + 1)
        html += "</ul>\(tail)</body></html>"
        return Array(html.utf8)
    }

    @Test func aPageOfSeveralMegabytesWithItsProductInTheHeadResolves() async throws {
        // Above the parser's cut, below the fetcher's cap: the cut keeps the head.
        let size = (ProductPageParser().maxHTMLBytes + OutboundPolicy().maxBodyBytes) / 2
        #expect(size > ProductPageParser().maxHTMLBytes && size < OutboundPolicy().maxBodyBytes)
        let page = Self.hugePage(bytes: size, head: Self.productHead)
        let outcome = try await Self.shop({ router in
            router.get("products/kettle") { _, _ in Self.html(page) }
        }) { origin in
            await CorpusShop.outcome(of: "\(origin)/products/kettle", with: CorpusShop.lookup())
        }
        #expect(outcome.storedFields["title"] == "Enamel Kettle")
        #expect(outcome.storedFields["price"]?.doubleValue == 39.9)
        #expect(outcome.storedFields["currency"] == "EUR")
    }

    @Test func aProductPastTheParsersCutLeavesTheItemWithWhatTheHeadSays() async throws {
        let head = #"<meta property="og:title" content="Kettle from the head">"#
        let page = Self.hugePage(bytes: ProductPageParser().maxHTMLBytes + 200_000, head: head, tail: Self.productData("Late Kettle"))
        #expect(page.count < OutboundPolicy().maxBodyBytes)
        let outcome = try await Self.shop({ router in
            router.get("products/late") { _, _ in Self.html(page) }
        }) { origin in
            await CorpusShop.outcome(of: "\(origin)/products/late", with: CorpusShop.lookup())
        }
        #expect(outcome.storedFields["status"] == "resolved")
        #expect(outcome.storedFields["title"] == "Kettle from the head")
        #expect(outcome.storedFields["price"] == nil)
    }

    @Test(arguments: [true, false])
    func aPageOverTheFetchCapEndsAsUnsupportedContent(declaresItsLength: Bool) async throws {
        let page = Self.hugePage(
            bytes: OutboundPolicy().maxBodyBytes + 1_000_000, head: "<title>Far Kettle</title>", tail: Self.productData("Far Kettle"))
        let outcome = try await Self.shop({ router in
            router.get("products/far") { _, _ in
                let body =
                    declaresItsLength
                    ? ResponseBody(byteBuffer: ByteBuffer(bytes: page))
                    : ResponseBody { writer in
                        // Chunked, so the fetcher only learns the size while reading.
                        for start in stride(from: 0, to: page.count, by: 64 * 1024) {
                            try await writer.write(ByteBuffer(bytes: page[start..<min(start + 64 * 1024, page.count)]))
                        }
                        try await writer.finish(nil)
                    }
                return Response(status: .ok, headers: [.contentType: "text/html"], body: body)
            }
        }) { origin in
            await CorpusShop.outcome(of: "\(origin)/products/far", with: CorpusShop.lookup())
        }
        guard case .failed(let code) = outcome else {
            Issue.record("expected a failure, got \(outcome.storedFields)")
            return
        }
        #expect(code == "UNSUPPORTED_CONTENT")
    }

    // MARK: Slow images

    /// Holds image answers back until the test is done with them.
    actor Gate {
        private(set) var isOpen = false
        func open() { isOpen = true }

        /// Returns once open, or after `limit`, so a forgotten gate cannot hang the server's shutdown.
        func wait(limit: Duration = .seconds(30)) async {
            let deadline = ContinuousClock.now + limit
            while !isOpen, ContinuousClock.now < deadline, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    @Test(arguments: ["headers-never-come", "body-never-ends"])
    func anImageThatDoesNotArriveInTimeLeavesTheItemResolvedWithoutIt(image: String) async throws {
        let gate = Gate()
        // Only the picture has a short limit: the page gets the default, however loaded the machine.
        let lookup = CorpusShop.lookup(imageTimeout: .seconds(1))
        let page = #"<html><head><title>Slow Kettle</title><script type="application/ld+json">{"@type":"Product","name":"Slow Kettle","#
            + #""image":"/slow/\#(image).jpg","offers":{"price":"25.50","priceCurrency":"GBP"}}</script></head><body></body></html>"#
        let outcome = try await Self.shop({ router in
            router.get("products/slow") { _, _ in Self.html(page) }
            router.get("slow/headers-never-come.jpg") { _, _ in
                await gate.wait()
                return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: FakeShop.pixelPNG)))
            }
            router.get("slow/body-never-ends.jpg") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "image/png"],
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(bytes: FakeShop.pixelPNG.prefix(8)))
                        await gate.wait()
                        try await writer.finish(nil)
                    })
            }
        }) { origin in
            let outcome = await CorpusShop.outcome(of: "\(origin)/products/slow", with: lookup)
            await gate.open()
            return (outcome, origin)
        }
        let fields = outcome.0.storedFields
        #expect(fields["status"] == "resolved")
        #expect(fields["title"] == "Slow Kettle")
        #expect(fields["price"]?.doubleValue == 25.5)
        #expect(fields["currency"] == "GBP")
        #expect(fields["image_url"] == .string("\(outcome.1)/slow/\(image).jpg"), "the link is kept")
        #expect(fields["image_base64"] == nil, "the picture is not")
    }

    // MARK: One structured-data source each, fetched and stored

    struct SourcePage: Sendable, CustomTestStringConvertible {
        var source: String
        var html: String
        var confidence: Double
        var testDescription: String { source }
    }

    static let sourcePages = [
        SourcePage(
            source: "JSON-LD only",
            html: #"<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Birch Stool","#
                + #""description":"Three legs, one seat.","image":"/cdn/stool.png","#
                + #""offers":{"@type":"Offer","price":"54.00","priceCurrency":"EUR"}}"#
                + "</script></head><body></body></html>",
            confidence: 0.95),
        SourcePage(
            source: "Open Graph only",
            html: #"<html><head><meta property="og:type" content="product"><meta property="og:title" content="Birch Stool">"#
                + #"<meta property="og:description" content="Three legs, one seat."><meta property="og:image" content="/cdn/stool.png">"#
                + #"<meta property="product:price:amount" content="54.00"><meta property="product:price:currency" content="EUR">"#
                + "</head><body></body></html>",
            confidence: 0.8),
        SourcePage(
            source: "microdata only",
            html: #"<html><body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Birch Stool</h1>"#
                + #"<p itemprop="description">Three legs, one seat.</p><img itemprop="image" src="/cdn/stool.png">"#
                + #"<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">"#
                + #"<span itemprop="price" content="54.00">54,00 €</span></div></div></body></html>"#,
            confidence: 0.95),
    ]

    @Test(arguments: sourcePages)
    func aPageWithOneSourceOfStructuredDataIsStoredWithItsFieldsAndItsImage(page: SourcePage) async throws {
        let (outcome, origin) = try await FakeShop.run(pages: ["products/stool": Array(page.html.utf8)]) { shop in
            (await CorpusShop.outcome(of: "\(shop.origin)/products/stool", with: CorpusShop.lookup()), shop.origin)
        }
        let fields = outcome.storedFields
        #expect(fields["status"] == "resolved")
        #expect(fields["title"] == "Birch Stool")
        #expect(fields["description"] == "Three legs, one seat.")
        #expect(fields["price"]?.doubleValue == 54)
        #expect(fields["currency"] == "EUR")
        #expect(fields["image_url"] == .string("\(origin)/cdn/stool.png"))
        #expect(fields["image_base64"]?.stringValue?.hasPrefix(ProductPhoto.dataURLPrefix) == true, "the picture is stored")
        #expect(fields["resolve_confidence"]?.doubleValue == page.confidence)
    }
}
