import Testing

@testable import WishWithMeServer

@Suite struct PageURLTests {
    let page = PageURL("https://www.shop.ru/catalog/item?id=5")

    @Test(arguments: [
        ("/img/1.jpg", "https://www.shop.ru/img/1.jpg"),
        ("img/2.jpg", "https://www.shop.ru/catalog/img/2.jpg"),
        ("//cdn.shop.ru/a b.jpg", "https://cdn.shop.ru/a%20b.jpg"),
        ("  https://cdn.other.com/x.png  ", "https://cdn.other.com/x.png"),
        ("http://shop.ru/x", "http://shop.ru/x"),
    ])
    func referencesResolveAgainstThePage(reference: String, absolute: String) {
        #expect(page.resolved(reference) == absolute)
    }

    @Test(arguments: [
        "javascript:alert(1)", " JavaScript:alert(1)", "data:image/png;base64,AAAA", "ftp://shop.ru/x.jpg",
        "mailto:a@shop.ru", "https://", "", "   ", "vbscript:msgbox(1)",
    ])
    func nonHTTPReferencesAreDropped(reference: String) {
        #expect(page.resolved(reference) == nil)
    }

    @Test func overlongURLsAreDropped() {
        #expect(page.resolved("/" + String(repeating: "a", count: 2100)) == nil)
    }

    @Test(arguments: [
        ("https://shop.ru/p/1", true),
        ("https://m.shop.ru/p/1", true),
        ("/p/1", true),
        ("https://shop.ru.evil.com/p/1", false),
        ("https://shop.ru@evil.com/p/1", false),
        ("https://evilshop.ru/p/1", false),
        ("javascript:alert(1)", false),
    ])
    func canonicalLinksMustStayOnTheSite(reference: String, kept: Bool) {
        #expect((page.resolvedOnSameSite(reference) != nil) == kept)
    }

    @Test func withoutAnHTTPPageNothingIsOnTheSameSite() {
        #expect(PageURL("file:///etc/passwd").resolvedOnSameSite("https://shop.ru/") == nil)
        #expect(PageURL("garbage").resolved("/relative") == nil)
        #expect(PageURL("garbage").resolved("https://shop.ru/x") == "https://shop.ru/x")
    }

    @Test(arguments: [
        ("www.ozon.ru", "ozon.ru"), ("ozon.ru", "ozon.ru"), ("OZON.RU.", "ozon.ru"), ("a.b.c.example.com", "example.com"),
        ("www.shop.co.uk", "shop.co.uk"), ("shop.co.uk", "shop.co.uk"), ("store.com.au", "store.com.au"),
        ("m.store.com.au", "store.com.au"), ("www.example.de", "example.de"), ("co.uk", "co.uk"),
        ("www.example.co", "example.co"), ("192.168.0.1", "192.168.0.1"), ("localhost", "localhost"), ("::1", "::1"),
    ])
    func registrableDomains(host: String, domain: String) {
        #expect(PageURL.registrableDomain(of: host) == domain)
    }
}
