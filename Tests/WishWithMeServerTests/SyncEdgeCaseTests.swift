import HearthCore
import HearthTesting
import Testing

/// The original's remaining per-document outcomes (spec §4.3) and malformed requests.
@Suite struct SyncEdgeCaseTests {
    @Test(arguments: TestEngine.available)
    func itemsNeedAnExistingWishlistAndDeletionsOfUnknownIdsAreSilent(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("edges@example.com")
            var orphan = Docs.item(Docs.id("item"), wishlist: Docs.id("wishlist"), owner: owner.id).objectValue ?? [:]
            #expect(try await server.push(owner, "items", [.object(orphan)]).first?["error"] == "Wishlist not found")
            orphan["wishlist_id"] = nil
            #expect(try await server.push(owner, "items", [.object(orphan)]).first?["error"] == "Item missing wishlist_id")
            let ghost = Docs.deletion(of: Docs.wishlist(Docs.id("wishlist"), owner: owner.id))
            #expect(try await server.push(owner, "wishlists", [ghost]).isEmpty)
            #expect(try await server.pull(owner, "wishlists").isEmpty)
            let legacyQuantity = Docs.item(Docs.id("item"), wishlist: Docs.id("wishlist"), owner: owner.id, quantity: true)
            #expect(try await server.push(owner, "items", [legacyQuantity]).first?["error"] == "Wishlist not found")
        }
    }

    @Test(arguments: TestEngine.available)
    func aBooleanQuantityIsStoredAsOne(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("quantity@example.com")
            let wishlistID = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            #expect(try await server.push(owner, "items", [Docs.item(Docs.id("item"), wishlist: wishlistID, owner: owner.id, quantity: true)]).isEmpty)
            #expect(try await server.pull(owner, "items").first?["quantity"] == 1)
            let zero = Docs.item(Docs.id("item"), wishlist: wishlistID, owner: owner.id, quantity: 0)
            #expect(try await server.push(owner, "items", [zero]).first?["server_document"] == .null)
        }
    }

    @Test(arguments: TestEngine.available)
    func malformedRequestsAreClearClientErrorsInTheAppsFormat(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("garbage@example.com")
            // Truncated, wrong type, duplicate keys, invalid UTF-8, nesting beyond the limit:
            // all 422 validation errors, as the original framework answered unparseable bodies.
            let cases: [[UInt8]] = [
                Array("{\"documents\": [".utf8),
                Array("{\"documents\": 1}".utf8),
                Array("{\"documents\": [], \"documents\": []}".utf8),
                [0x7B, 0xFF, 0xFE, 0x7D],
                Array((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8),
            ]
            for body in cases {
                let response = try await server.request(.POST, "/api/v2/sync/push/wishlists", headers: owner.auth, body: body)
                #expect(response.status == 422, "\(String(decoding: body.prefix(40), as: UTF8.self))")
                #expect(response.json["detail"]?[0]?["msg"]?.stringValue != nil)
                #expect(response.json["error"]?["code"] == "VALIDATION_ERROR")
            }
            let huge = Array("{\"documents\": [\"".utf8) + Array(repeating: UInt8(ascii: "x"), count: 11 * 1024 * 1024) + Array("\"]}".utf8)
            let tooLarge = try await server.request(.POST, "/api/v2/sync/push/wishlists", headers: owner.auth, body: huge)
            #expect(tooLarge.status == 413)
            let encoded = try await server.request(.GET, "/api/v2/sync/pull/wishlist%73", headers: owner.auth)
            #expect(encoded.status == 200, "percent-encoded path segments are decoded")
            #expect(try await server.pull(owner, "wishlists").isEmpty)
        }
    }
}
