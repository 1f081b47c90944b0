import ListAllKit
import Testing

/// Finding links in item text (spec §5, §10.15).
struct LinkDetectionTests {
    /// T-U01.
    @Test(arguments: [
        "Visit https://www.apple.com", "Check http://google.com", "Go to smanni.fi/test-page",
        "smanni.fi/annosopikapuuro-elovena-420-g-hetki-vadelma-vahem",
    ])
    func textWithLinksContainsURL(_ text: String) {
        #expect(LinkDetection.containsURL(text))
    }

    /// T-U01.
    @Test(arguments: ["Plain text without URLs", "No links here at all", "Just some regular words", "", "a"])
    func textWithoutLinksContainsNoURL(_ text: String) {
        #expect(!LinkDetection.containsURL(text))
    }

    /// T-U01.
    @Test func twoLinksAreBothFound() {
        let links = LinkDetection.detectURLs(in: "Check out https://www.apple.com and also http://google.com for more info")
        #expect(links.count >= 2)
        #expect(links.prefix(2) == ["https://www.apple.com", "http://google.com"])
    }

    /// T-U02.
    @Test func asURLReadsSchemesAndWWW() {
        #expect(LinkDetection.asURL("https://www.apple.com") == "https://www.apple.com")
        #expect(LinkDetection.asURL("http://google.com") == "http://google.com")
        #expect(LinkDetection.asURL("www.example.com") == "https://www.example.com")
        #expect(LinkDetection.asURL("") == nil)
        #expect(LinkDetection.asURL("not a url") == nil)
        #expect(LinkDetection.asURL("just plain text") == nil)
    }

    @Test func asURLTakesAnySchemeAndAnyWordWithADot() {
        #expect(LinkDetection.asURL("mailto:a@b.fi") == "mailto:a@b.fi")
        #expect(LinkDetection.asURL("Time:10.30") == "Time:10.30")
        #expect(LinkDetection.asURL("bread.") == "https://bread.")
        #expect(LinkDetection.asURL("e.g.") == "https://e.g.")
        #expect(LinkDetection.asURL("1.5kg") == "https://1.5kg")
        #expect(LinkDetection.asURL("/a.b") == nil)
        #expect(LinkDetection.asURL("a.b") == nil)
        #expect(LinkDetection.asURL("1:2 x.y") == nil)
    }

    @Test func scannerFindsSchemesHostsAndEmails() {
        #expect(LinkScanner.scan("HTTPS://Example.com/a?b=1, then ftp://files.example.org.") == [
            "HTTPS://Example.com/a?b=1", "ftp://files.example.org",
        ])
        #expect(LinkScanner.scan("see www.apple.com; or apple.com:8080/x!") == ["http://www.apple.com", "http://apple.com:8080/x"])
        #expect(LinkScanner.scan("(https://en.wikipedia.org/wiki/Swift_(language))") == [
            "https://en.wikipedia.org/wiki/Swift_(language)"
        ])
        #expect(LinkScanner.scan("bread. e.g. 1.5kg Time:10.30 v2.0") == [])
    }

    @Test func emailAddressesBecomeMailtoLinks() {
        #expect(LinkScanner.scan("Mail anna.k+list@example.co.uk, please") == ["mailto:anna.k+list@example.co.uk"])
        #expect(LinkDetection.containsURL("write to <bob@shop.fi>"))
        #expect(LinkDetection.detectURLs(in: "bob@shop.fi").first == "mailto:bob@shop.fi")
        #expect(LinkScanner.scan("@shop.fi bob@shop") == [])
    }

    @Test func fallbackAddsEveryWordWithADotOnce() {
        #expect(LinkDetection.detectURLs(in: "Buy bread. then 1.5kg rice") == ["https://bread.", "https://1.5kg"])
        #expect(LinkDetection.detectURLs(in: "See https://a.com.") == ["https://a.com", "https://a.com."])
        #expect(LinkDetection.detectURLs(in: "www.x.com www.x.com") == [
            "http://www.x.com", "http://www.x.com", "https://www.x.com",
        ])
    }
}
