import Foundation
import HearthCore
import HearthTesting
import Testing

/// Hearth delta sync (spec/sync.md) of the six Wish With Me collections, under the same
/// rules as the original sync.
@Suite struct WishWithMeDeltaSyncTests {
    static func put(_ collection: String, _ id: String, _ data: JSONValue, base: Int64? = nil) -> JSONValue {
        [
            "mutation_id": .string(Docs.id("m")), "collection": .string(collection), "op": "put", "doc": ["id": .string(id), "data": data],
            "base_version": base.map(JSONValue.int) ?? .null, "client_updated_at": .string(Timestamp(Date()).iso8601),
        ]
    }

    @Test(arguments: TestEngine.available)
    func aDeltaPushIsVisibleToTheOriginalPullAndViceVersa(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("delta@example.com")
            let wishlistID = Docs.id("wishlist")
            let data: JSONValue = ["owner_id": .string(owner.id), "name": "Delta list"]
            let push = try await server.request(
                .POST, "/api/hearth/v1/sync/push", json: ["mutations": [Self.put("wishlists", wishlistID, data)]], headers: owner.auth)
            #expect(push.json["results"]?[0]?["status"] == "applied")
            let pulled = try #require(try await server.pull(owner, "wishlists").first)
            #expect(pulled["name"] == "Delta list")
            #expect(pulled["icon"] == "card_giftcard", "defaults are filled by the same rules")
            #expect(pulled["type"] == "wishlist")

            _ = try await server.push(owner, "items", [Docs.item(Docs.id("item"), wishlist: wishlistID, owner: owner.id)])
            let changes = try await server.changes(owner)["changes"]?.arrayValue ?? []
            #expect(changes.map { $0["collection"] } .contains("items"))
            let itemDoc = try #require(changes.first { $0["collection"] == "items" }?["doc"])
            #expect(itemDoc["data"]?["title"] == "Headphones")
            #expect(itemDoc["data"]?["_id"] == nil && itemDoc["data"]?["access"] == nil)
        }
    }

    @Test(arguments: TestEngine.available)
    func theDeltaProtocolEnforcesTheSameRules(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, friend, wishlistID, itemID) = try await SyncPushRuleTests.sharedWishlist(server, linkType: "view")
            let mutations: [JSONValue] = [
                Self.put("wishlists", wishlistID, ["owner_id": .string(friend.id), "name": "Stolen"], base: 1),
                Self.put("items", itemID, ["wishlist_id": .string(wishlistID), "owner_id": .string(owner.id), "title": "Viewer edit"], base: 1),
                Self.put("marks", Docs.id("mark"), ["item_id": .string(itemID), "wishlist_id": .string(wishlistID), "marked_by": .string(friend.id)]),
                Self.put("shares", Docs.id("share"), ["wishlist_id": .string(wishlistID)]),
                Self.put("users", owner.id, ["name": "Hacked"]),
                Self.put("wishlists", "wishlist:not-a-uuid", ["owner_id": .string(friend.id), "name": "x"]),
            ]
            let push = try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": .array(mutations)], headers: friend.auth)
            let statuses = (push.json["results"]?.arrayValue ?? []).map { $0["status"] }
            #expect(statuses == Array(repeating: "rejected", count: mutations.count))
            #expect(try await server.pull(owner, "wishlists").first?["name"] == "Birthday")
            #expect(try await server.pull(owner, "items").first?["title"] == "Headphones")
        }
    }

    @Test(arguments: TestEngine.available)
    func marksNeverEnterTheOwnersFeed(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, friend, wishlistID, itemID) = try await SyncPushRuleTests.sharedWishlist(server, linkType: "mark")
            let markID = Docs.id("mark")
            let mark = Self.put("marks", markID, ["item_id": .string(itemID), "wishlist_id": .string(wishlistID), "marked_by": .string(friend.id)])
            let push = try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": [mark]], headers: friend.auth)
            #expect(push.json["results"]?[0]?["status"] == "applied")
            let friendFeed = try await server.changes(friend)["changes"]?.arrayValue ?? []
            #expect(friendFeed.contains { $0["id"] == .string(markID) })
            let ownerFeed = try await server.changes(owner)["changes"]?.arrayValue ?? []
            #expect(!ownerFeed.contains { $0["collection"] == "marks" })
            // A second viewer joins later and is given the existing mark too.
            let late = try await server.register("late-viewer@example.com")
            let token = try #require(try await server.pull(owner, "shares").first?["token"]?.stringValue)
            _ = try await server.grantAccess(late, token: token)
            #expect(try await server.pull(late, "marks").map { $0["_id"] } == [.string(markID)])
            #expect(try await server.changes(owner)["changes"]?.arrayValue?.contains { $0["collection"] == "marks" } == false)
        }
    }
}
