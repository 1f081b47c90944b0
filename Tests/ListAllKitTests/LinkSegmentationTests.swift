import ListAllKit
import Testing

/// Splitting item text into plain pieces and written-out links (spec §5, fixes of §10.15).
struct LinkSegmentationTests {
    /// T-U03.
    @Test func linkAtTheEndGivesTwoSegments() {
        let url = "https://www.tokmanni.fi/annosikapuuro-elovena-420-g-hetki-vadelma-vahemm-641120010915O"
        #expect(LinkDetection.parseTextComponents("Maku puuro " + url) == [.plain("Maku puuro "), .link(url)])
    }

    /// T-U03.
    @Test func linkInTheMiddleGivesThreeSegments() {
        #expect(
            LinkDetection.parseTextComponents("Visit https://www.apple.com for more info") == [
                .plain("Visit "), .link("https://www.apple.com"), .plain(" for more info"),
            ])
    }

    /// T-U03.
    @Test func plainTextIsOneSegment() {
        #expect(LinkDetection.parseTextComponents("Just plain text without any URLs") == [.plain("Just plain text without any URLs")])
        #expect(LinkDetection.parseTextComponents("") == [.plain("")])
    }

    /// T-U03: the detected link has a scheme the text does not spell out.
    @Test func schemelessLinkStaysPlain() {
        #expect(LinkDetection.parseTextComponents("Go to smanni.fi/test-page") == [.plain("Go to smanni.fi/test-page")])
    }

    @Test func overlappingLinksAreSkipped() {
        #expect(
            LinkDetection.parseTextComponents("See https://a.com.") == [.plain("See "), .link("https://a.com"), .plain(".")])
        #expect(
            LinkDetection.parseTextComponents("http://a.fi and http://a.fi") == [.link("http://a.fi"), .plain(" and http://a.fi")])
    }

    @Test func emojiBeforeALinkKeepsTheTailIntact() {
        let text = "👨‍👩‍👧🇫🇮 Kauppa: https://k.fi/x?y=1 tänään 🛒!"
        #expect(
            LinkDetection.parseTextComponents(text) == [
                .plain("👨‍👩‍👧🇫🇮 Kauppa: "), .link("https://k.fi/x?y=1"), .plain(" tänään 🛒!"),
            ])
        #expect(LinkDetection.parseTextComponents(text).map(\.text).joined() == text)
    }

    @Test func linkSegmentsCarryTheirURL() {
        let components = LinkDetection.parseTextComponents("a https://b.fi c")
        #expect(components.map(\.isLink) == [false, true, false])
        #expect(components[1].url == "https://b.fi" && components[1].text == "https://b.fi")
    }
}
