import Testing

@testable import WishWithMeServer

/// What the language model is shown of a page (spec §6.2 step 4).
@Suite struct ProductPageModelInputTests {
    static let page = """
        <!doctype html><html><head><title>Lamp — Shop</title>
        <meta property="og:title" content="Desk Lamp"><meta property="og:image" content="/media/lamp-big.jpg">
        <meta property="product:price:amount" content="1490"><meta property="og:price:currency" content="RUB">
        <meta property="og:site_name" content="Shop">
        <style>.x { color: red }</style>
        <script>var tracking = "secret-script";</script>
        <script type="application/ld+json">{"@type": "Product", "name": "Desk Lamp"}</script>
        </head><body onload="boot()">
        <!-- a comment -->
        <h1 class="product-title" style="color: red" data-id="7">  Desk
           Lamp  </h1>
        <noscript>enable JS</noscript><svg><text>svg text</text></svg>
        <p>Price: <span itemprop="price">1 490 ₽</span></p>
        <img src="/media/lamp-1.jpg" width="600">
        <img src="data:image/png;base64,AAAA">
        <img src="/static/logo.png"><img src="/i/sprite-cart.png"><img src="/i/spinner.gif"><img src="/i/star.svg">
        <img src="/i/t.jpg" width="1" height="1"><img src="/i/thumb.jpg" height="40px">
        <img src="https://mc.yandex.ru/watch/1?pixel=1"><img src="/users/avatar-9.jpg">
        <img data-src="/media/lamp-2.jpg"><img src="/media/lamp-1.jpg">
        <img src="javascript:alert(1)">
        </body></html>
        """

    let input = ProductPageModelInput(html: Array(Self.page.utf8), pageURL: "https://shop.example/p/lamp", charset: nil)

    @Test func openGraphTagsAndJSONLDBlocksAreCollected() {
        #expect(input.openGraph["og:title"] == "Desk Lamp")
        #expect(input.openGraph["product:price:amount"] == "1490")
        #expect(input.openGraph["og:price:currency"] == "RUB")
        #expect(input.openGraph["og:site_name"] == nil, "only the tags the spec names")
        #expect(input.jsonLD == [#"{"@type": "Product", "name": "Desk Lamp"}"#])
    }

    @Test func imageCandidatesAreAbsoluteProductPicturesWithoutDuplicates() {
        #expect(
            input.imageCandidates == [
                "https://shop.example/media/lamp-big.jpg", "https://shop.example/media/lamp-1.jpg", "https://shop.example/media/lamp-2.jpg",
            ])
    }

    @Test func imageCandidatesAreCapped() {
        let images = (1...30).map { "<img src=\"/media/p\($0).jpg\">" }.joined()
        let capped = ProductPageModelInput(
            html: Array("<html><body>\(images)</body></html>".utf8), pageURL: "https://shop.example/p", charset: nil, maxImageCandidates: 20)
        #expect(capped.imageCandidates.count == 20)
        #expect(capped.imageCandidates.first == "https://shop.example/media/p1.jpg")
    }

    @Test func theHTMLIsCleanedOfScriptsStylesCommentsSVGAndNoise() {
        let html = input.html
        #expect(html.contains(#"<h1 class="product-title">Desk Lamp </h1>"#))
        #expect(html.contains(#"<span itemprop="price">1 490 ₽</span>"#))
        for gone in ["secret-script", "color: red", "a comment", "enable JS", "svg text", "onload", "data-id", "data:image", "javascript:", "  "] {
            #expect(!html.contains(gone), "\(gone)")
        }
    }

    @Test func theCleanedHTMLIsCutToTheLimit() {
        let long = "<html><body>" + String(repeating: "<p>word word word</p>", count: 1000) + "</body></html>"
        let cleaned = CleanedHTML.clean(Array(long.utf8)[...], encoding: nil, limit: 500)
        #expect(cleaned.count == 500)
        let input = ProductPageModelInput(html: Array(long.utf8), pageURL: "https://shop.example/", charset: nil, maxHTMLCharacters: 100)
        #expect(input.html.count == 100)
    }

    @Test func visibleTextSeparatesElements() {
        let text = CleanedHTML.clean(Array("<p>Price</p><p>10</p><script>x()</script>".utf8)[...], encoding: nil, limit: 100, markup: false)
        #expect(text == "Price 10")
    }

    @Test func garbageGivesAnEmptyInput() {
        let input = ProductPageModelInput(html: [], pageURL: "https://shop.example/", charset: nil)
        #expect(input.html.isEmpty && input.imageCandidates.isEmpty && input.openGraph.isEmpty)
    }
}
