import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

/// `hearth admin` on Wish With Me, acting as another process would (its own platform over
/// the server's database) while the real server answers over HTTP, on every engine.
@Suite struct WishWithMeAdminTests {
    static func me(_ server: TestServer, _ user: WishUser) async throws -> TestResponse {
        try await server.request(.GET, "/api/v2/auth/me", headers: user.auth)
    }

    static func login(_ server: TestServer, _ email: String, _ password: String) async throws -> TestResponse {
        try await server.request(.POST, "/api/v2/auth/login", json: ["email": .string(email), "password": .string(password)])
    }

    static func refresh(_ server: TestServer, _ user: WishUser) async throws -> TestResponse {
        try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(user.refreshToken)])
    }

    @Test(arguments: TestEngine.available)
    func disablingEndsTheAccessTokenAndRefreshAtOnceAndBlocksSignIn(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try await server.register("alice@example.com")
            let bob = try await server.register("bob@example.com")
            #expect(try await Self.me(server, alice).status == 200)
            let admin = try await server.administrator(for: "wishwithme")
            #expect(try await admin.disable(try await admin.find("ALICE@example.com")))

            let me = try await Self.me(server, alice)
            #expect(me.status == 401)
            #expect(me.json["error"]?["code"] == "ACCOUNT_DISABLED")
            #expect(me.json["detail"]?.stringValue?.contains("disabled by the server's operator") == true)
            #expect(try await server.request(.GET, "/api/v2/sync/pull/wishlists", headers: alice.auth).status == 401)
            #expect(try await server.request(.GET, "/api/hearth/v1/sync/changes", headers: alice.auth).status == 401)
            let refresh = try await Self.refresh(server, alice)
            #expect(refresh.status == 401)
            #expect(refresh.json["error"]?["code"] == "ACCOUNT_DISABLED")
            let login = try await Self.login(server, "alice@example.com", "correct horse")
            #expect(login.status == 403)
            #expect(login.json["error"]?["code"] == "ACCOUNT_DISABLED")
            let wrong = try await Self.login(server, "alice@example.com", "wrong password")
            #expect(wrong.status == 401, "a wrong password does not learn that the account is disabled")
            #expect(wrong.json["detail"] == "Invalid email or password")

            #expect(try await Self.me(server, bob).status == 200, "nobody else is affected")
            let listed = try await admin.list(matching: nil, limit: 10).accounts
            #expect(listed.first { $0.account.email == "alice@example.com" }?.isDisabled == true)
            #expect(listed.first { $0.account.email == "bob@example.com" }?.isDisabled == false)
            #expect(try await admin.disable(try await admin.find(alice.id)) == false, "already disabled")
        }
    }

    @Test(arguments: TestEngine.available)
    func enablingLetsTheAccountSignInAgainWhileItsOldSessionsStayEnded(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try await server.register("alice@example.com")
            let admin = try await server.administrator(for: "wishwithme")
            let account = try await admin.find(alice.email)
            try await admin.disable(account)
            #expect(try await admin.enable(account))
            #expect(try await admin.enable(account) == false, "not disabled any more")

            let login = try await Self.login(server, "alice@example.com", "correct horse")
            #expect(login.status == 200)
            let fresh = WishUser(
                id: alice.id, email: alice.email, accessToken: login.json["access_token"]?.stringValue ?? "",
                refreshToken: login.json["refresh_token"]?.stringValue ?? "")
            #expect(try await Self.me(server, fresh).status == 200)
            #expect(try await Self.refresh(server, fresh).status == 200)
            let old = try await Self.me(server, alice)
            #expect(old.status == 401)
            #expect(old.json["error"]?["code"] == "SESSION_ENDED")
            #expect(try await Self.refresh(server, alice).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func aPasswordSetByTheOperatorSignsInAndTheOldOneNoLonger(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try await server.register("alice@example.com")
            let admin = try await server.administrator(for: "wishwithme")
            let account = try await admin.find(alice.email)
            await #expect(throws: APIError.self, "registration's rule: at least 8 code points") {
                try await admin.setPassword("short", of: account.userID)
            }
            #expect(try await Self.login(server, "alice@example.com", "correct horse").status == 200)

            try await admin.setPassword("a brand new password", of: account.userID)
            #expect(try await Self.login(server, "alice@example.com", "a brand new password").status == 200)
            #expect(try await Self.login(server, "alice@example.com", "correct horse").status == 401)
            #expect(try await Self.me(server, alice).status == 401, "the session from before the reset ended")
            #expect(try await Self.refresh(server, alice).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingAUserRemovesTheirDataAndAFriendsDeviceLearnsTheirWishlistIsGone(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let olga = try await server.register("olga@example.com", name: "Olga")
            let fedor = try await server.register("fedor@example.com", name: "Fedor")
            let olgasList = Docs.id("wishlist")
            let olgasItems = [Docs.id("item"), Docs.id("item")]
            #expect(try await server.push(olga, "wishlists", [Docs.wishlist(olgasList, owner: olga.id)]).isEmpty)
            #expect(try await server.push(olga, "items", olgasItems.map { Docs.item($0, wishlist: olgasList, owner: olga.id) }).isEmpty)
            let fedorsList = Docs.id("wishlist")
            let fedorsItem = Docs.id("item")
            #expect(try await server.push(fedor, "wishlists", [Docs.wishlist(fedorsList, owner: fedor.id, name: "Fedor's")]).isEmpty)
            #expect(try await server.push(fedor, "items", [Docs.item(fedorsItem, wishlist: fedorsList, owner: fedor.id)]).isEmpty)

            // Each follows the other's mark link and marks an item there.
            let olgasToken = try #require(try await server.share(olga, wishlist: olgasList)["token"]?.stringValue)
            let fedorsToken = try #require(try await server.share(fedor, wishlist: fedorsList)["token"]?.stringValue)
            #expect(try await server.grantAccess(fedor, token: olgasToken).status == 200)
            #expect(try await server.grantAccess(olga, token: fedorsToken).status == 200)
            let fedorsMark = Docs.id("mark")
            let olgasMark = Docs.id("mark")
            #expect(
                try await server.push(
                    fedor, "marks", [Docs.mark(fedorsMark, item: olgasItems[0], wishlist: olgasList, owner: olga.id, markedBy: fedor.id)]
                ).isEmpty)
            #expect(
                try await server.push(
                    olga, "marks", [Docs.mark(olgasMark, item: fedorsItem, wishlist: fedorsList, owner: fedor.id, markedBy: olga.id)]
                ).isEmpty)
            let cursor = try #require(try await server.changes(fedor)["cursor"]?.stringValue)

            let admin = try await server.administrator(for: "wishwithme")
            let deletion = try await admin.delete(try await admin.find("olga@example.com"))
            #expect(deletion.removed.contains(.init("wishlists", 1)) && deletion.removed.contains(.init("items in them", 2)))
            #expect(deletion.removed.contains(.init("marks on others' wishlists", 1)))

            // Fedor's device learns through sync that Olga's wishlist and all in it are gone.
            let changes = try await server.changes(fedor, since: cursor)["changes"]?.arrayValue ?? []
            func gone(_ id: String) -> Bool {
                changes.contains { $0["id"] == .string(id) && ($0["op"] == "remove" || $0["doc"]?["deleted"] == true) }
            }
            #expect(gone(olgasList) && gone(olgasItems[0]) && gone(olgasItems[1]) && gone(fedorsMark))
            #expect(try await server.pull(fedor, "wishlists").map { $0["_id"] } == [.string(fedorsList)])
            #expect(try await server.pull(fedor, "bookmarks").isEmpty)
            #expect(try await server.pull(fedor, "items").map { $0["_id"] } == [.string(fedorsItem)], "Fedor's own data is untouched")

            let documents = DocumentStore(app: "wishwithme", database: server.platform.database, clock: SystemWallClock())
            #expect(try await documents.fetch(olgasMark)?.deleted == true, "her mark on Fedor's wishlist is gone")
            #expect(try await documents.fetch(olga.id)?.deleted == true)
            #expect(try await documents.fetch(olga.id)?.data == ["type": "user"], "no profile stays in the tombstone")
            #expect(try await documents.fetch(fedorsList)?.access == [fedor.id], "she no longer has access to his wishlist")

            #expect(try await admin.administration.account(named: olga.id) == nil)
            #expect(try await Self.me(server, olga).status == 401)
            #expect(try await Self.login(server, "olga@example.com", "correct horse").status == 401)
            #expect(try await Self.me(server, fedor).status == 200)
            _ = try await server.register("olga@example.com", name: "Olga again")
        }
    }

    @Test(arguments: TestEngine.available)
    func listingFindsAccountsByEmailNameOrIdIgnoringCase(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try await server.register("alice@example.com", name: "Alice Smith")
            let bob = try await server.register("bob@example.org", name: "Bob")
            let admin = try await server.administrator(for: "wishwithme")
            func emails(_ text: String?, limit: Int = 10) async throws -> [String] {
                try await admin.list(matching: text, limit: limit).accounts.map(\.account.email)
            }
            #expect(try await emails("SMITH") == ["alice@example.com"])
            #expect(try await emails("Example.ORG") == ["bob@example.org"])
            #expect(try await emails(String(bob.id.suffix(12)).uppercased()) == ["bob@example.org"])
            #expect(try await emails("%").isEmpty, "LIKE wildcards are matched as text")
            #expect(Set(try await emails(nil)) == ["alice@example.com", "bob@example.org"])
            let page = try await admin.list(matching: "example", limit: 1)
            #expect(page.accounts.count == 1 && page.total == 2)
            #expect(try await admin.find(alice.id).name == "Alice Smith")
            await #expect(throws: AdminFailure.self) { try await admin.find("nobody@example.com") }
        }
    }

    @Test(arguments: TestEngine.available)
    func statisticsCountAccountsDocumentsAndOwnTables(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let alice = try await server.register("alice@example.com")
            _ = try await server.register("bob@example.com")
            let first = Docs.id("wishlist")
            let second = Docs.id("wishlist")
            let wishlists = [Docs.wishlist(first, owner: alice.id), Docs.wishlist(second, owner: alice.id, name: "Other")]
            #expect(try await server.push(alice, "wishlists", wishlists).isEmpty)
            #expect(try await server.push(alice, "wishlists", [Docs.deletion(of: wishlists[1])]).isEmpty)
            let admin = try await server.administrator(for: "wishwithme")
            try await admin.disable(try await admin.find("bob@example.com"))

            let statistics = try await StorageStatistics.collect(platform: server.platform, apps: server.platform.apps)
            let app = try #require(statistics.apps.first { $0.name == "wishwithme" })
            #expect(app.accounts == 2 && app.disabledAccounts == 1)
            let lists = try #require(app.collections.first { $0.name == "wishlists" })
            #expect(lists.live == 1 && lists.deleted == 1 && lists.liveBytes > 50 && lists.deletedBytes > 50)
            #expect(app.collections.first { $0.name == "users" }?.live == 2)
            #expect(app.tables.first { $0.name == "wwm_accounts" }?.rows == 2)
            #expect(app.tables.allSatisfy { $0.name.hasPrefix("wwm_") })
            #expect((statistics.databaseBytes ?? 0) > 0 || engine == .postgres)
        }
    }
}
