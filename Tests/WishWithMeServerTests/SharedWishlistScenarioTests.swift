import HearthCore
import HearthTesting
import Testing

/// The "done when" scenario through the original endpoints: an owner creates a
/// wishlist and items by push, shares a mark link, a friend follows it and marks an item,
/// and both pull — on every storage engine.
@Suite struct SharedWishlistScenarioTests {
    @Test(arguments: TestEngine.available)
    func ownerAndFriendSeeExactlyWhatTheSpecSays(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("owner@example.com", name: "Olga")
            let friend = try await server.register("friend@example.com", name: "Fedor")
            let wishlistID = Docs.id("wishlist")
            let itemID = Docs.id("item")
            let secondItemID = Docs.id("item")
            #expect(try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)]).isEmpty)
            let items = [
                Docs.item(itemID, wishlist: wishlistID, owner: owner.id, quantity: 2),
                Docs.item(secondItemID, wishlist: wishlistID, owner: owner.id, title: "Book"),
            ]
            #expect(try await server.push(owner, "items", items).isEmpty)

            let share = try await server.share(owner, wishlist: wishlistID, linkType: "mark")
            let token = try #require(share["token"]?.stringValue)
            #expect(token.count == 32)
            #expect(share["share_url"]?.stringValue?.hasSuffix("/s/\(token)") == true)

            let grant = try await server.grantAccess(friend, token: token)
            #expect(grant.status == 200)
            #expect(grant.json == ["wishlist_id": .string(wishlistID), "permissions": ["view", "mark"]])

            // The friend now pulls the wishlist, both items and a bookmark.
            let friendWishlists = try await server.pull(friend, "wishlists")
            #expect(friendWishlists.map { $0["_id"] } == [.string(wishlistID)])
            #expect(Set(friendWishlists[0]["access"]?.arrayValue ?? []) == [.string(owner.id), .string(friend.id)])
            #expect(Set(try await server.pull(friend, "items").compactMap { $0["_id"]?.stringValue }) == [itemID, secondItemID])
            let bookmarks = try await server.pull(friend, "bookmarks")
            #expect(bookmarks.count == 1)
            #expect(bookmarks.first?["wishlist_id"] == .string(wishlistID))
            #expect(bookmarks.first?["owner_name"] == "Olga")
            #expect(bookmarks.first?["wishlist_name"] == "Birthday")

            let markID = Docs.id("mark")
            let mark = Docs.mark(markID, item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: friend.id)
            #expect(try await server.push(friend, "marks", [mark]).isEmpty)

            let friendMarks = try await server.pull(friend, "marks")
            #expect(friendMarks.map { $0["_id"] } == [.string(markID)])
            #expect(friendMarks.first?["access"] == [.string(friend.id)], "the owner is never in a mark's audience")
            #expect(try await server.pull(owner, "marks").isEmpty, "surprise mode: the owner never pulls marks")
            #expect(try await server.pull(owner, "items").count == 2)
            #expect(try await server.pull(owner, "bookmarks").isEmpty)
            let ownerShares = try await server.pull(owner, "shares")
            #expect(ownerShares.map { $0["token"] } == [.string(token)])
            #expect(ownerShares.first?["access_count"] == 1)
            #expect(ownerShares.first?["granted_users"] == [.string(friend.id)])
            #expect(try await server.pull(friend, "shares").isEmpty)

            // Own user document only, never with credentials.
            let users = try await server.pull(friend, "users")
            #expect(users.map { $0["_id"] } == [.string(friend.id)])
            #expect(users.first?["email"] == "friend@example.com")
            #expect(users.first?["password_hash"] == nil && users.first?["refresh_tokens"] == nil)
        }
    }

    @Test(arguments: TestEngine.available)
    func pulledDocumentsCarryCouchStyleMetadataAndNoOtherUnderscoreKeys(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("meta@example.com")
            let wishlistID = Docs.id("wishlist")
            var pushed = Docs.wishlist(wishlistID, owner: owner.id).objectValue ?? [:]
            pushed["_rev"] = "7-abc"
            pushed["_conflicts"] = ["x"]
            pushed["access"] = ["user:someone-else"]
            #expect(try await server.push(owner, "wishlists", [.object(pushed)]).isEmpty)
            let pulled = try #require(try await server.pull(owner, "wishlists").first)
            let rev = try #require(pulled["_rev"]?.stringValue)
            #expect(rev.hasPrefix("1-") && rev.count == 34)
            #expect(pulled["access"] == [.string(owner.id)], "access is computed by the server, never taken from a push")
            let underscored = (pulled.objectValue ?? [:]).keys.filter { $0.hasPrefix("_") }.sorted()
            #expect(underscored == ["_id", "_rev"])
            #expect(pulled["updated_at"]?.stringValue?.hasSuffix("+00:00") == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func pullsAreNeverTruncatedAndNewestComeFirst(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("many@example.com")
            let wishlistID = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            for batch in 0..<3 {
                let items = (0..<400).map { index in
                    Docs.item(Docs.id("item"), wishlist: wishlistID, owner: owner.id, title: "Item \(batch)-\(index)")
                }
                #expect(try await server.push(owner, "items", items).isEmpty)
            }
            let pulled = try await server.pull(owner, "items")
            #expect(pulled.count == 1200, "the original capped pulls at 1000, which clients read as deletions")
            let stamps = pulled.compactMap { $0["updated_at"]?.stringValue }
            #expect(stamps == stamps.sorted(by: >))
        }
    }
}
