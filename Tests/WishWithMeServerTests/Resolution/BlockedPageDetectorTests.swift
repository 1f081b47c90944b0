import Testing

@testable import WishWithMeServer

/// Challenge and refusal pages end resolution without asking the model (spec §6.2 step 3).
@Suite struct BlockedPageDetectorTests {
    @Test(arguments: [
        ("<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>", 200),
        ("<html><head><title>Attention Required! | Cloudflare</title></head><body>Sorry, you have been blocked</body></html>", 200),
        ("<html><head><title>Один момент…</title></head><body>Проверяем ваш браузер</body></html>", 200),
        ("<html><body><div class=\"g-recaptcha\"></div>Please verify</body></html>", 200),
        ("<html><body>Forbidden</body></html>", 403),
    ])
    func challengePagesAreBlocked(html: String, status: Int) {
        #expect(BlockedPageDetector.isBlocked(html: Array(html.utf8), status: status))
    }

    @Test func aLongPageWithAHardMarkerIsBlocked() {
        let html = "<html><head><title>x</title><script>window._cf_chl_opt={a:'\(String(repeating: "z", count: 6000))'}</script></head><body>wait</body></html>"
        #expect(BlockedPageDetector.isBlocked(html: Array(html.utf8)))
    }

    @Test(arguments: [
        ("<html><head><title>Just a moment...</title></head><body>Lamp — price 1 490 ₽, add to cart</body></html>", 200),
        ("<html><head><title>Desk Lamp</title></head><body>A lamp</body></html>", 200),
        ("<html><head><title>Desk Lamp</title></head><body>Купить лампу</body></html>", 403),
    ])
    func productPagesAndPlainPagesAreNotBlocked(html: String, status: Int) {
        #expect(!BlockedPageDetector.isBlocked(html: Array(html.utf8), status: status))
    }

    @Test func aLongChallengeLookingPageWithoutHardMarkersIsNotBlocked() {
        let html = "<html><head><title>Access denied</title></head><body>\(String(repeating: "<p>text</p>", count: 600))</body></html>"
        #expect(!BlockedPageDetector.isBlocked(html: Array(html.utf8)))
    }

    @Test func productWordsInScriptsDoNotCount() {
        let html = "<html><head><title>Just a moment...</title><script>var price = 1; buy();</script></head><body>wait</body></html>"
        #expect(BlockedPageDetector.isBlocked(html: Array(html.utf8)))
    }
}

struct GonePageRuleTests {
    @Test(arguments: ["Product not available | Northwind", "Page Not Found – Shop", "Страница не найдена", "404 | Shop"])
    func aPricelessPageTitledAsGoneIsGone(title: String) {
        #expect(GonePageRule.isGone(ProductPage(title: title, confidence: 0.3)))
    }

    @Test func aPageWithAPriceIsAProductWhateverItsTitle() {
        #expect(!GonePageRule.isGone(ProductPage(title: "Sold out: not available in your size", price: 49, currency: "EUR", confidence: 0.9)))
        #expect(!GonePageRule.isGone(ProductPage(title: "Relaxed Linen Shirt", confidence: 0.5)))
    }
}
