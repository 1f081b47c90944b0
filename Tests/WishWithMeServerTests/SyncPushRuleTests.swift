import HearthCore
import HearthTesting
import Testing

/// Sync push (spec §4.3, §4.4) and the hardened rules of spec §8 that close the original's
/// weaknesses. Each test names the rule it protects.
@Suite struct SyncPushRuleTests {
    @Test(arguments: TestEngine.available)
    func anIdenticalTimestampIsAConflictCarryingTheStoredDocument(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("pwa@example.com")
            let id = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(id, owner: owner.id)])
            let stored = try #require(try await server.pull(owner, "wishlists").first)
            let conflicts = try await server.push(owner, "wishlists", [stored])
            #expect(conflicts.count == 1)
            #expect(conflicts.first?["error"] == "Server has newer version")
            #expect(conflicts.first?["server_document"] == stored)
            #expect(try await server.pull(owner, "wishlists").first?["_rev"] == stored["_rev"], "nothing was rewritten")
        }
    }

    @Test(arguments: TestEngine.available)
    func lastWriteWinsComparesInstantsAtTheClientsPrecision(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("lww@example.com")
            let id = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(id, owner: owner.id)])
            let stored = try #require(try await server.pull(owner, "wishlists").first)
            let older = Docs.edited(stored, ["name": "Old", "updated_at": .string(Docs.iosNow(offsetSeconds: -3600))])
            #expect(try await server.push(owner, "wishlists", [older]).first?["error"] == "Server has newer version")
            let missing = Docs.edited(stored, ["name": "No clock", "updated_at": nil])
            #expect(try await server.push(owner, "wishlists", [missing]).first?["error"] == "Server has newer version")
            // An iOS edit in the same second as the server's save wins: whole seconds vs microseconds.
            let storedStamp = try #require(stored["updated_at"]?.stringValue)
            let sameSecond = String(storedStamp.prefix(19)) + "Z"
            let ios = Docs.edited(stored, ["name": "Same second", "updated_at": .string(sameSecond)])
            #expect(try await server.push(owner, "wishlists", [ios]).isEmpty)
            #expect(try await server.pull(owner, "wishlists").first?["name"] == "Same second")
            let future = Docs.edited(stored, ["name": "Fast clock", "updated_at": "2999-01-01T00:00:00Z"])
            #expect(try await server.push(owner, "wishlists", [future]).isEmpty)
            let afterFuture = try #require(try await server.pull(owner, "wishlists").first)
            #expect(afterFuture["updated_at"]?.stringValue?.hasPrefix("2999") == false, "the server stamps its own time")
        }
    }

    @Test(arguments: TestEngine.available)
    func aStrangerCanNeitherTakeOverNorDeleteNorSeeAWishlist(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("victim@example.com")
            let mallory = try await server.register("mallory@example.com")
            let id = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(id, owner: owner.id, name: "Mine")])
            let takeover = Docs.wishlist(id, owner: mallory.id, name: "Stolen", updatedAt: "2999-01-01T00:00:00Z")
            let deletion = Docs.deletion(of: Docs.wishlist(id, owner: mallory.id))
            for attack in [takeover, deletion] {
                let conflict = try #require(try await server.push(mallory, "wishlists", [attack]).first)
                #expect(conflict["error"] == "Unauthorized: not the wishlist owner")
                #expect(conflict["server_document"] == .null, "nothing about another user's document leaks")
            }
            #expect(try await server.pull(owner, "wishlists").first?["name"] == "Mine")
            #expect(try await server.pull(mallory, "wishlists").isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func viewersGetTheStoredItemBackWhenTheyPushIt(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, friend, wishlistID, itemID) = try await Self.sharedWishlist(server, linkType: "view")
            let stored = try #require(try await server.pull(friend, "items").first)
            let edit = Docs.edited(stored, ["title": "Viewer edit", "updated_at": .string(Docs.iosNow(offsetSeconds: 60))])
            let conflict = try #require(try await server.push(friend, "items", [edit]).first)
            #expect(conflict["document_id"] == .string(itemID))
            #expect(conflict["server_document"]?["title"] == "Headphones", "the PWA reconciles a readable document from it")
            let foreign = Docs.item(Docs.id("item"), wishlist: wishlistID, owner: owner.id, title: "Injected")
            #expect(try await server.push(friend, "items", [foreign]).first?["server_document"] == .null)
            #expect(try await server.pull(owner, "items").count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func marksRequireAMarkLinkAndNeverReachTheOwner(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, viewer, wishlistID, itemID) = try await Self.sharedWishlist(server, linkType: "view")
            let viewOnly = Docs.mark(Docs.id("mark"), item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: viewer.id)
            #expect(try await server.push(viewer, "marks", [viewOnly]).first?["error"] == "Unauthorized: this wishlist was shared with you for viewing only")
            let ownMark = Docs.mark(Docs.id("mark"), item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: owner.id)
            #expect(try await server.push(owner, "marks", [ownMark]).first?["error"] == "Unauthorized: you cannot mark items of your own wishlist")
            let stranger = try await server.register("stranger@example.com")
            let injected = Docs.mark(Docs.id("mark"), item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: stranger.id)
            #expect(try await server.push(stranger, "marks", [injected]).first?["error"] == "Unauthorized: no access to wishlist")

            let marker = try await server.register("marker@example.com")
            let share = try await server.share(owner, wishlist: wishlistID, linkType: "mark")
            _ = try await server.grantAccess(marker, token: share["token"]?.stringValue ?? "")
            let markID = Docs.id("mark")
            let mark = Docs.mark(markID, item: itemID, wishlist: wishlistID, owner: "user:forged", markedBy: marker.id)
            #expect(try await server.push(marker, "marks", [mark]).isEmpty)
            let stored = try #require(try await server.pull(marker, "marks").first)
            #expect(stored["owner_id"] == .string(owner.id), "owner_id is set from the wishlist, not the push")
            #expect(Set(stored["access"]?.arrayValue ?? []) == [.string(viewer.id), .string(marker.id)])
            // The owner learns nothing by pushing the mark's id either.
            let probe = Docs.mark(markID, item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: owner.id)
            #expect(try await server.push(owner, "marks", [probe]).first?["server_document"] == .null)
            #expect(try await server.pull(owner, "marks").isEmpty)
            #expect(try await server.changes(owner)["changes"]?.arrayValue?.contains { $0["collection"] == "marks" } == false)
        }
    }

    @Test(arguments: TestEngine.available)
    func anItemCannotBeMarkedBeyondItsQuantity(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, friend, wishlistID, itemID) = try await Self.sharedWishlist(server, linkType: "mark")
            let first = Docs.mark(Docs.id("mark"), item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: friend.id)
            #expect(try await server.push(friend, "marks", [first]).isEmpty)
            let second = Docs.mark(Docs.id("mark"), item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: friend.id)
            #expect(try await server.push(friend, "marks", [second]).first?["error"] == "Item fully marked")
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingAWishlistCascadesAndDeleteWinsOverStaleEdits(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, friend, wishlistID, itemID) = try await Self.sharedWishlist(server, linkType: "mark")
            let mark = Docs.mark(Docs.id("mark"), item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: friend.id)
            _ = try await server.push(friend, "marks", [mark])
            let wishlist = try #require(try await server.pull(owner, "wishlists").first)
            let item = try #require(try await server.pull(owner, "items").first)
            #expect(try await server.push(owner, "wishlists", [Docs.deletion(of: wishlist)]).isEmpty)
            // The iOS app then deletes the items: silent no-ops, not "Wishlist not found" forever.
            #expect(try await server.push(owner, "items", [Docs.deletion(of: item)]).isEmpty)
            for collection in ["wishlists", "items", "shares"] { #expect(try await server.pull(owner, collection).isEmpty, "\(collection)") }
            for collection in ["wishlists", "items", "marks", "bookmarks"] { #expect(try await server.pull(friend, collection).isEmpty, "\(collection)") }
            // A stale client still holding the item pushes it back: accepted silently, not resurrected.
            let stale = Docs.edited(item, ["title": "Back from the dead", "updated_at": .string(Docs.iosNow(offsetSeconds: 120))])
            #expect(try await server.push(owner, "items", [stale]).isEmpty)
            #expect(try await server.pull(owner, "items").isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aUserPushChangesOnlyProfileFields(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let user = try await server.register("profile@example.com", name: "Before", password: "password one")
            let stored = try #require(try await server.pull(user, "users").first)
            let edit = Docs.edited(stored, [
                "name": "After", "email": "hijack@example.com", "password_hash": "x", "bio": "Hi", "birthday": "1990-02-28",
                "public_url_slug": "after", "updated_at": .string(Docs.iosNow(offsetSeconds: 5)),
            ])
            #expect(try await server.push(user, "users", [edit]).isEmpty)
            let me = try await server.request(.GET, "/api/v2/auth/me", headers: user.auth)
            #expect(me.json["name"] == "After" && me.json["bio"] == "Hi" && me.json["birthday"] == "1990-02-28")
            #expect(me.json["email"] == "profile@example.com")
            let login = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "profile@example.com", "password": "password one"])
            #expect(login.status == 200, "credentials survive a profile push")
            let invalid = [
                Docs.edited(stored, ["birthday": "1990-02-30", "updated_at": .string(Docs.iosNow(offsetSeconds: 9))]),
                Docs.edited(stored, ["locale": "de", "updated_at": .string(Docs.iosNow(offsetSeconds: 9))]),
                Docs.edited(stored, ["public_url_slug": "Not Valid", "updated_at": .string(Docs.iosNow(offsetSeconds: 9))]),
                Docs.deletion(of: stored),
            ]
            for document in invalid {
                let conflict = try await server.push(user, "users", [document])
                #expect(conflict.count == 1, "\(document)")
            }
            let other = try await server.register("slug@example.com")
            let otherDoc = try #require(try await server.pull(other, "users").first)
            let clash = Docs.edited(otherDoc, ["public_url_slug": "after", "updated_at": .string(Docs.iosNow(offsetSeconds: 9))])
            #expect(try await server.push(other, "users", [clash]).first?["error"] == "Slug already taken")
            let foreign = Docs.edited(stored, ["name": "Hacked", "updated_at": .string(Docs.iosNow(offsetSeconds: 9))])
            #expect(try await server.push(other, "users", [foreign]).first?["error"] == "Unauthorized: can only update own user document")
        }
    }

    @Test(arguments: TestEngine.available)
    func bookmarksAndSharesAreServerOwned(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, friend, _, _) = try await Self.sharedWishlist(server, linkType: "mark")
            let bookmark = try #require(try await server.pull(friend, "bookmarks").first)
            let share = try #require(try await server.pull(owner, "shares").first)
            let forgedShare = Docs.edited(share, ["link_type": "mark", "revoked": false, "updated_at": "2999-01-01T00:00:00Z"])
            #expect(try await server.push(owner, "shares", [forgedShare]).first?["server_document"]?["_id"] == share["_id"])
            #expect(try await server.push(friend, "shares", [forgedShare]).first?["server_document"] == .null)
            #expect(try await server.push(owner, "bookmarks", [Docs.deletion(of: bookmark)]).first?["server_document"] == .null)
            #expect(try await server.push(friend, "bookmarks", [Docs.edited(bookmark, ["wishlist_name": "x"])]).first?["server_document"] != .null)
            #expect(try await server.push(friend, "bookmarks", [Docs.deletion(of: bookmark)]).isEmpty)
            #expect(try await server.pull(friend, "bookmarks").isEmpty)
            #expect(try await server.pull(friend, "wishlists").count == 1, "deleting a bookmark keeps access")
        }
    }

    @Test(arguments: TestEngine.available)
    func malformedDocumentsAreConflictsAndTheRestOfTheBatchApplies(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("batch@example.com")
            let good = Docs.wishlist(Docs.id("wishlist"), owner: owner.id)
            let batch: [JSONValue] = [
                ["type": "wishlist", "name": "no id"],
                Docs.edited(good, ["type": "item"]),
                Docs.edited(Docs.wishlist("_design/app", owner: owner.id), [:]),
                Docs.edited(Docs.wishlist(Docs.id("wishlist"), owner: owner.id), ["name": 42]),
                Docs.edited(Docs.wishlist(Docs.id("wishlist"), owner: owner.id), ["name": .string(String(repeating: "n", count: 101))]),
                good,
            ]
            let conflicts = try await server.push(owner, "wishlists", batch)
            #expect(conflicts.count == 5)
            #expect(conflicts[0] == ["document_id": "unknown", "error": "Document missing _id", "server_document": nil])
            #expect(conflicts[1]["error"] == "Document type mismatch: expected wishlist")
            #expect(conflicts[2]["error"] == "Invalid document id")
            #expect(try await server.pull(owner, "wishlists").map { $0["_id"] } == [good["_id"] ?? nil])
            let unknown = try await server.request(.GET, "/api/v2/sync/pull/secrets", headers: owner.auth)
            #expect(unknown.status == 422)
            let tooMany = try await server.request(
                .POST, "/api/v2/sync/push/items", json: ["documents": .array(Array(repeating: good, count: 501))], headers: owner.auth)
            #expect(tooMany.status == 413)
            let noDocuments = try await server.request(.POST, "/api/v2/sync/push/items", json: ["docs": []], headers: owner.auth)
            #expect(noDocuments.status == 422)
        }
    }

    /// An owner with a wishlist of one item (quantity 1) shared with a friend through a link of `linkType`.
    static func sharedWishlist(_ server: TestServer, linkType: String) async throws -> (WishUser, WishUser, String, String) {
        let owner = try await server.register("owner-\(linkType)@example.com")
        let friend = try await server.register("friend-\(linkType)@example.com")
        let wishlistID = Docs.id("wishlist")
        let itemID = Docs.id("item")
        _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
        _ = try await server.push(owner, "items", [Docs.item(itemID, wishlist: wishlistID, owner: owner.id)])
        let share = try await server.share(owner, wishlist: wishlistID, linkType: linkType)
        let grant = try await server.grantAccess(friend, token: share["token"]?.stringValue ?? "")
        guard grant.status == 200 else { throw UnexpectedResponse(grant) }
        return (owner, friend, wishlistID, itemID)
    }
}
