import Foundation
import ListAllKit
import Testing

/// `listall://list/<UUID>?name=<name>` links (spec §2.6, T-E20).
struct ExportDeepLinkTests {
    @Test func deepLinkGivesIdAndDecodedName() throws {
        let parsed = try #require(ListDeepLink.parse("listall://list/11111111-1111-1111-1111-111111111111?name=Test%20List"))
        #expect(parsed.id == FixtureF.groceriesID)
        #expect(parsed.name == "Test List")
        let url = try #require(URL(string: "listall://list/11111111-1111-1111-1111-111111111111?name=Test%20List"))
        #expect(ListDeepLink.parse(url)?.name == "Test List")
        #expect(ListDeepLink.parse("listall://list/11111111-1111-1111-1111-111111111111?name=")?.name == "")
    }

    @Test func deepLinkRejectsOtherSchemesHostsIdsAndMissingNames() {
        #expect(ListDeepLink.parse("https://example.com/list/123") == nil)
        #expect(ListDeepLink.parse("listall://list/not-a-uuid?name=Test") == nil)
        #expect(ListDeepLink.parse("listall://list/11111111-1111-1111-1111-111111111111") == nil)
        #expect(ListDeepLink.parse("listall://item/11111111-1111-1111-1111-111111111111?name=Test") == nil)
        #expect(ListDeepLink.parse("other://list/11111111-1111-1111-1111-111111111111?name=Test") == nil)
        #expect(ListDeepLink.parse("listall://list/?name=Test") == nil)
    }

    @Test func deepLinkBuilderRoundTripsAnyName() throws {
        let names = ["Test List", "A&B=C+D #1 /x?", "Grüße 👨‍👩‍👧", "100%"]
        for name in names {
            let text = ListDeepLink.string(listID: FixtureF.milkID, name: name)
            #expect(text.hasPrefix("listall://list/22222222-2222-2222-2222-222222222221?name="))
            let url = try #require(ListDeepLink.url(listID: FixtureF.milkID, name: name))
            let parsed = try #require(ListDeepLink.parse(url))
            #expect(parsed.id == FixtureF.milkID)
            #expect(parsed.name == name)
        }
        #expect(ListDeepLink.string(listID: FixtureF.groceriesID, name: "Test List")
            == "listall://list/11111111-1111-1111-1111-111111111111?name=Test%20List")
    }
}
