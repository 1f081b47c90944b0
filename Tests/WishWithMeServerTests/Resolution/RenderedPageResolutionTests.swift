import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Hummingbird
import Testing
import WishWithMeServer

/// Shops that build the product with script (issue 22): the resolver renders the page in
/// headless Chromium, behind the proxy that applies the outbound policy to every request
/// the page makes. Runs where Chromium is installed (CI installs it).
@Suite(.serialized, .enabled(if: ProductPageBrowser().isAvailable))
struct RenderedPageResolutionTests {
    /// A page whose product appears only after its script ran.
    static func scriptBuiltPage(extraScript: String = "") -> [UInt8] {
        Array(
            """
            <!doctype html><html><head><title>Loading…</title></head><body><div id="app">Loading…</div>
            <script>
            \(extraScript)
            setTimeout(function () {
              var data = document.createElement("script");
              data.type = "application/ld+json";
              data.text = JSON.stringify({"@context": "https://schema.org", "@type": "Product", "name": "Script-built Lamp",
                "offers": {"@type": "Offer", "price": "1490", "priceCurrency": "RUB"}});
              document.head.appendChild(data);
              document.getElementById("app").textContent = "Script-built Lamp";
            }, 300);
            </script></body></html>
            """.utf8)
    }

    @Test(arguments: TestEngine.available)
    func aProductWrittenByScriptIsResolvedFromTheRenderedPage(engine: TestEngine) async throws {
        try await FakeShop.run(pages: ["products/lamp": Self.scriptBuiltPage()]) { shop in
            try await TestServer.wishWithMe(engine: engine, configuration: ItemResolutionTests.configuration) { server in
                let item = try await Self.resolve("\(shop.origin)/products/lamp", on: server)
                #expect(item["status"] == "resolved")
                #expect(item["title"] == "Script-built Lamp")
                #expect(item["price"]?.doubleValue == 1490)
                #expect(item["currency"] == "RUB")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aPagesScriptCannotMakeTheServerReachAnAddressTheOperatorDidNotAllow(engine: TestEngine) async throws {
        let internalHits = HitCounter()
        let internalRouter = Router()
        internalRouter.get("secret") { _, _ in
            await internalHits.hit()
            return "internal secret"
        }
        try await LoopbackHTTPServer.run(internalRouter) { internalPort in
            // "localhost" resolves to loopback but only "127.0.0.1" is on the operator's list.
            let probe = """
                fetch("http://localhost:\(internalPort)/secret").then(function (r) { return r.text(); })
                  .then(function (t) { document.title = t; }).catch(function () {});
                var img = new Image(); img.src = "http://localhost:\(internalPort)/secret?img";
                """
            try await FakeShop.run(pages: ["products/probe": Self.scriptBuiltPage(extraScript: probe)]) { shop in
                try await TestServer.wishWithMe(engine: engine, configuration: ItemResolutionTests.configuration) { server in
                    let item = try await Self.resolve("\(shop.origin)/products/probe", on: server)
                    #expect(item["title"] == "Script-built Lamp", "the page itself still renders")
                    #expect(await internalHits.count == 0, "no request of the page reached the internal server")
                    #expect(item["description"]?.stringValue?.contains("internal secret") != true)
                }
            }
        }
    }

    static func resolve(_ url: String, on server: TestServer) async throws -> JSONValue {
        let owner = try await server.register("render-\(UUID().uuidString.prefix(8))@example.com")
        let wishlistID = Docs.id("wishlist")
        let itemID = Docs.id("item")
        _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
        let pending = Docs.edited(
            Docs.item(itemID, wishlist: wishlistID, owner: owner.id, title: "127.0.0.1", status: "pending", sourceURL: .string(url)),
            ["price": nil, "currency": nil])
        _ = try await server.push(owner, "items", [pending])
        return try await ItemResolutionTests.settled(server, owner, item: itemID)
    }
}

actor HitCounter {
    private(set) var count = 0
    func hit() { count += 1 }
}
