import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Testing
import WishWithMeServer

/// Share links (spec §5) with Hearth's decisions: QR codes, owner self-grant without side
/// effects, and revocation that withdraws access.
@Suite struct ShareLinkTests {
    @Test(arguments: TestEngine.available)
    func creatingALinkAnswersTheOriginalShapeWithAQRCode(engine: TestEngine) async throws {
        var settings = WishWithMeSettings()
        settings.publicWebURL = "https://wishwith.me"
        try await TestServer.wishWithMe(engine: engine, settings: settings) { (server: TestServer) async throws in
            let owner = try await server.register("sharer@example.com")
            let wishlistID = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            let bareID = String(wishlistID.dropFirst("wishlist:".count))
            let share = try await server.share(owner, wishlist: bareID, linkType: "view", expiresInDays: 30)
            #expect(share["id"]?.stringValue?.contains(":") == false)
            #expect(share["wishlist_id"] == .string(bareID))
            #expect(share["link_type"] == "view")
            #expect(share["access_count"] == 0)
            let token = try #require(share["token"]?.stringValue)
            #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            #expect(share["share_url"] == .string("https://wishwith.me/s/\(token)"))
            #expect(share["created_at"]?.stringValue?.hasSuffix("Z") == true)
            let created = try #require(share["created_at"]?.stringValue.flatMap(Timestamp.init(iso8601:)))
            let expires = try #require(share["expires_at"]?.stringValue.flatMap(Timestamp.init(iso8601:)))
            #expect(expires.millisecondsSince1970 - created.millisecondsSince1970 == 30 * 86_400_000)
            let png = try #require(share["qr_code_base64"]?.stringValue.flatMap { Data(base64Encoded: $0) })
            #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let never = try await server.share(owner, wishlist: wishlistID)
            #expect(never["expires_at"] == .null && never["link_type"] == "mark")
            #expect(try await server.share(owner, wishlist: wishlistID)["token"] != never["token"])
        }
    }

    @Test(arguments: TestEngine.available)
    func onlyTheOwnerOfAnExistingWishlistCreatesAndRevokesLinks(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("links-owner@example.com")
            let other = try await server.register("links-other@example.com")
            let wishlistID = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            let missing = try await server.request(.POST, "/api/v1/wishlists/\(Docs.id("wishlist"))/share", json: [:], headers: owner.auth)
            #expect(missing.status == 404 && missing.json["detail"] == "Wishlist not found")
            let foreign = try await server.request(.POST, "/api/v1/wishlists/\(wishlistID)/share", json: [:], headers: other.auth)
            #expect(foreign.status == 403 && foreign.json["detail"] == "Only the wishlist owner can create share links")
            for body: JSONValue in [["link_type": "edit"], ["expires_in_days": 0], ["expires_in_days": 366], ["expires_in_days": "7"]] {
                let invalid = try await server.request(.POST, "/api/v1/wishlists/\(wishlistID)/share", json: body, headers: owner.auth)
                #expect(invalid.status == 422, "\(body)")
            }
            let share = try await server.share(owner, wishlist: wishlistID)
            let shareID = try #require(share["id"]?.stringValue)
            let notFound = try await server.request(.DELETE, "/api/v1/wishlists/\(wishlistID)/share/\(UUID().uuidString.lowercased())", headers: owner.auth)
            #expect(notFound.status == 404 && notFound.json["detail"] == "Share link not found")
            let notOwner = try await server.request(.DELETE, "/api/v1/wishlists/\(wishlistID)/share/share:\(shareID)", headers: other.auth)
            #expect(notOwner.status == 403 && notOwner.json["detail"] == "Only the wishlist owner can revoke share links")
            let wrongWishlist = try await server.request(.DELETE, "/api/v1/wishlists/\(Docs.id("wishlist"))/share/\(shareID)", headers: owner.auth)
            #expect(wrongWishlist.status == 404)
            for _ in 0..<2 {
                let revoked = try await server.request(.DELETE, "/api/v1/wishlists/\(wishlistID)/share/share:\(shareID)", headers: owner.auth)
                #expect(revoked.status == 204)
            }
            #expect(try await server.pull(owner, "shares").isEmpty, "a revoked link leaves the owner's pull")
        }
    }

    @Test(arguments: TestEngine.available)
    func followingALinkIsIdempotentAndTheOwnersOwnLinkChangesNothing(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let owner = try await server.register("self@example.com")
            let friend = try await server.register("twice@example.com")
            let wishlistID = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id)])
            let token = try #require(try await server.share(owner, wishlist: wishlistID, linkType: "view")["token"]?.stringValue)
            let own = try await server.grantAccess(owner, token: token)
            #expect(own.json == ["wishlist_id": .string(wishlistID), "permissions": ["view"]])
            #expect(try await server.pull(owner, "bookmarks").isEmpty)
            #expect(try await server.pull(owner, "shares").first?["access_count"] == 0)
            for _ in 0..<2 { #expect(try await server.grantAccess(friend, token: token).status == 200) }
            #expect(try await server.pull(friend, "bookmarks").count == 1)
            #expect(try await server.pull(owner, "shares").first?["access_count"] == 1)
            let unknown = try await server.grantAccess(friend, token: String(repeating: "A", count: 32))
            #expect(unknown.status == 404 && unknown.json["detail"] == "Share link not found or expired")
            let unauthenticated = try await server.request(.POST, "/api/v1/shared/\(token)/grant-access")
            #expect(unauthenticated.status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func anExpiredLinkIsRefusedBeforeAnyWrite(engine: TestEngine) async throws {
        let clock = ManualWallClock(Timestamp(millisecondsSince1970: 1_790_000_000_000))
        try await TestServer.wishWithMe(engine: engine, clock: clock) { (server: TestServer) async throws in
            let owner = try await server.register("expiry@example.com")
            let friend = try await server.register("late@example.com")
            let wishlistID = Docs.id("wishlist")
            _ = try await server.push(owner, "wishlists", [Docs.wishlist(wishlistID, owner: owner.id, updatedAt: clock.now.iso8601)])
            let token = try #require(try await server.share(owner, wishlist: wishlistID, expiresInDays: 1)["token"]?.stringValue)
            clock.advance(seconds: 86_401)
            let refreshed = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "late@example.com", "password": "correct horse"])
            let late = WishUser(id: friend.id, email: friend.email, accessToken: refreshed.json["access_token"]?.stringValue ?? "", refreshToken: "")
            let response = try await server.grantAccess(late, token: token)
            #expect(response.status == 404 && response.json["detail"] == "Share link has expired")
            #expect(try await server.pull(late, "wishlists").isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func revokingALinkWithdrawsTheFriendsAccessThroughBothProtocols(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let (owner, friend, wishlistID, itemID) = try await SyncPushRuleTests.sharedWishlist(server, linkType: "mark")
            let mark = Docs.mark(Docs.id("mark"), item: itemID, wishlist: wishlistID, owner: owner.id, markedBy: friend.id)
            _ = try await server.push(friend, "marks", [mark])
            let before = try await server.changes(friend)
            let cursor = try #require(before["cursor"]?.stringValue)
            #expect(before["changes"]?.arrayValue?.contains { $0["id"] == .string(wishlistID) && $0["op"] == "upsert" } == true)

            let shareID = try #require(try await server.pull(owner, "shares").first?["_id"]?.stringValue)
            let revoke = try await server.request(.DELETE, "/api/v1/wishlists/\(wishlistID)/share/\(shareID)", headers: owner.auth)
            #expect(revoke.status == 204)

            #expect(try await server.pull(friend, "wishlists").isEmpty)
            #expect(try await server.pull(friend, "items").isEmpty)
            #expect(try await server.pull(friend, "bookmarks").isEmpty)
            let after = try await server.changes(friend, since: cursor)
            let removed = Set((after["changes"]?.arrayValue ?? []).filter { $0["op"] == "remove" }.compactMap { $0["id"]?.stringValue })
            #expect(removed.isSuperset(of: [wishlistID, itemID]))
            #expect(try await server.pull(owner, "items").count == 1, "the owner keeps everything")
        }
    }

    @Test func followingLinksIsThrottledPerAddress() async throws {
        var configuration = TestServer.testConfiguration()
        configuration.authRequestsPerMinutePerAddress = 3
        try await TestServer.wishWithMe(engine: .sqlite, configuration: configuration) { (server: TestServer) async throws in
            let guesser = try await server.register("guesser@example.com")  // spends one of the three
            var statuses: [Int] = []
            for _ in 0..<3 { statuses.append(try await server.grantAccess(guesser, token: String(repeating: "B", count: 32)).status) }
            #expect(statuses == [404, 404, 429])
        }
    }
}
