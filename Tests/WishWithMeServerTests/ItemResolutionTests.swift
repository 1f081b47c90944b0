import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Testing
import WishWithMeServer

/// Item resolution (spec §6) end to end: an item pushed as `pending` with a `source_url`
/// is fetched from a shop on loopback by the durable job, parsed, and updated for both
/// sync protocols.
@Suite struct ItemResolutionTests {
    /// The shop fixture is on loopback, which only an operator's allow-list opens.
    static var configuration: ServerConfiguration {
        var configuration = TestServer.testConfiguration()
        configuration.outboundAllowHosts = ["127.0.0.1"]
        return configuration
    }

    /// Pulls `user`'s items until the item leaves `pending`/`in_progress` (or 60 s pass: a first render starts Chromium).
    static func settled(_ server: TestServer, _ user: WishUser, item id: String) async throws -> JSONValue {
        for _ in 0..<600 {
            if let item = try await server.pull(user, "items").first(where: { $0["_id"] == .string(id) }),
                !["pending", "in_progress"].contains(item["status"]?.stringValue)
            {
                return item
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ResolutionDidNotSettle()
    }

    struct ResolutionDidNotSettle: Error {}

    @Test(arguments: TestEngine.available)
    func aPendingItemBecomesResolvedFromTheShopsJSONLD(engine: TestEngine) async throws {
        let page = try Fixture.bytes("shopify-offers-array.html")
        try await FakeShop.run(pages: ["products/relaxed-linen-shirt": page]) { shop in
            try await TestServer.wishWithMe(engine: engine, configuration: Self.configuration) { (server: TestServer) async throws in
                let owner = try await server.register("resolve@example.com")
                let wishlistID = Docs.id("wishlist")
                let itemID = Docs.id("item")
                let url = "\(shop.origin)/products/relaxed-linen-shirt"
                _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
                let pending = Docs.edited(
                    Docs.item(itemID, wishlist: wishlistID, owner: owner.id, title: "127.0.0.1", status: "pending", sourceURL: .string(url)),
                    ["price": nil, "currency": nil])
                #expect(try await server.push(owner, "items", [pending]).isEmpty)
                let item = try await Self.settled(server, owner, item: itemID)
                #expect(item["status"] == "resolved")
                #expect(item["title"] == "Relaxed Linen Shirt & Pocket Square Set")
                #expect(item["price"]?.doubleValue == 68)
                #expect(item["currency"] == "USD")
                #expect(item["source_url"] == .string(url), "a canonical URL on another site is not trusted")
                #expect(item["image_url"]?.stringValue?.hasPrefix("\(shop.origin)/cdn/shop/files/linen-shirt-sand.jpg") == true)
                #expect(item["image_base64"]?.stringValue?.hasPrefix("data:image/jpeg;base64,/9j/") == true, "stored as JPEG")
                #expect(item["resolve_confidence"]?.doubleValue == 0.95)
                #expect(item["resolved_at"]?.stringValue != nil && item["claimed_by"] == .null)
                let feed = try await server.changes(owner)["changes"]?.arrayValue ?? []
                #expect(feed.first { $0["id"] == .string(itemID) }?["doc"]?["data"]?["status"] == "resolved")
                let metrics = try await server.request(.GET, "/_hearth/metrics").text
                #expect(metrics.contains(#"hearth_wishwithme_item_resolutions_total{outcome="resolved"} 1"#))
                #expect(metrics.contains("hearth_wishwithme_item_resolution_duration_seconds_count 1"))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func privateAndMissingTargetsEndAsErrorsWithACode(engine: TestEngine) async throws {
        try await FakeShop.run(pages: [:]) { shop in
            try await TestServer.wishWithMe(engine: engine, configuration: Self.configuration) { (server: TestServer) async throws in
                let owner = try await server.register("ssrf@example.com")
                let wishlistID = Docs.id("wishlist")
                _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
                let cases: [(String, String)] = [
                    ("http://169.254.169.254/latest/meta-data/", "SSRF_BLOCKED"),
                    ("http://localhost:\(shop.port)/", "SSRF_BLOCKED"),
                    ("\(shop.origin)/no-such-product", "BLOCKED_OR_UNAVAILABLE"),
                ]
                for (url, code) in cases {
                    let itemID = Docs.id("item")
                    let pending = Docs.item(itemID, wishlist: wishlistID, owner: owner.id, status: "pending", sourceURL: .string(url))
                    #expect(try await server.push(owner, "items", [pending]).isEmpty)
                    let item = try await Self.settled(server, owner, item: itemID)
                    #expect(item["status"] == "error", "\(url)")
                    #expect(item["resolve_error"] == .string(code), "\(url)")
                }
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func clientsMayOnlyAskForPendingOrResolvedAndKeepResolverFields(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("status@example.com")
            let wishlistID = Docs.id("wishlist")
            let itemID = Docs.id("item")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            var forged = Docs.item(itemID, wishlist: wishlistID, owner: owner.id).objectValue ?? [:]
            forged["status"] = "resolved"
            forged["resolved_by"] = "me"
            forged["resolve_confidence"] = 1
            _ = try await server.push(owner, "items", [.object(forged)])
            let stored = try #require(try await server.pull(owner, "items").first)
            #expect(stored["resolved_by"] == .null && stored["resolve_confidence"] == .null)
            let bogus = Docs.edited(stored, ["status": "in_progress", "updated_at": .string(Docs.iosNow(offsetSeconds: 5))])
            #expect(try await server.push(owner, "items", [bogus]).isEmpty)
            #expect(try await server.pull(owner, "items").first?["status"] == "resolved")
        }
    }
}
