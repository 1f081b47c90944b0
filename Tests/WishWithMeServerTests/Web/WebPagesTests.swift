import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Testing
import WishWithMeServer

/// Wish With Me's web pages over real HTTP, as a browser uses them: forms, cookies, redirects.
@Suite struct WebPagesTests {
    @Test(arguments: TestEngine.available)
    func aFriendOpensALinkRegistersAndMarksWhileTheOwnerNeverSeesTheMark(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            try await Self.browsers(server) { owner, friend in
                let wishlist = try await Self.ownerWithWishlist(owner, name: "Birthday")
                try await Self.expectRedirect(
                    try await owner.post("/wishlists/\(wishlist)/items", ["title": "Desk lamp", "price": "1990", "currency": "rub", "quantity": "2"]),
                    to: "/wishlists/\(wishlist)")
                _ = try await owner.get("/wishlists/\(wishlist)")
                try await Self.expectRedirect(try await owner.post("/wishlists/\(wishlist)/shares", ["link_type": "mark"]), to: "/wishlists/\(wishlist)")
                let ownerPage = try await owner.get("/wishlists/\(wishlist)").text
                #expect(ownerPage.contains("1990 RUB"))
                let link = try #require(Self.shareLink(in: ownerPage))
                #expect(link.hasPrefix(server.baseURL + "/s/"))
                #expect(ownerPage.contains("src=\"data:image/png;base64,"))

                let token = String(link.dropFirst((server.baseURL + "/s/").count))
                let invitation = try await friend.get("/s/\(token)")
                #expect(invitation.status == 200)
                #expect(invitation.text.contains("id=\"register-to-open\""))
                _ = try await friend.get("/register?next=/s/\(token)")
                let registered = try await friend.post(
                    "/register", ["name": "Bob", "email": "bob@example.com", "password": "correct horse", "next": "/s/\(token)"])
                try await Self.expectRedirect(registered, to: "/s/\(token)")
                try await Self.expectRedirect(try await friend.follow(registered), to: "/wishlists/\(wishlist)")
                let friendPage = try await friend.get("/wishlists/\(wishlist)").text
                #expect(friendPage.contains("2 of 2 still free"))
                let item = try #require(Self.firstItemID(in: friendPage))
                try await Self.expectRedirect(try await friend.post("/wishlists/\(wishlist)/items/\(item)/mark"), to: "/wishlists/\(wishlist)")
                let marked = try await friend.get("/wishlists/\(wishlist)").text
                #expect(marked.contains("1 of 2 still free"))
                #expect(marked.contains("class=\"my-mark\""))
                #expect(try await friend.get("/bookmarks").text.contains("class=\"bookmark-link\""))

                let ownerAgain = try await owner.get("/wishlists/\(wishlist)").text
                for trace in ["my-mark", "item-free", "mark-item", "Bob", "still free"] {
                    #expect(!ownerAgain.contains(trace), "the owner's page shows \(trace)")
                }

                _ = try await owner.get("/wishlists/\(wishlist)")
                let share = try #require(Self.shareID(in: ownerAgain))
                try await Self.expectRedirect(try await owner.post("/wishlists/\(wishlist)/shares/\(share)/revoke"), to: "/wishlists/\(wishlist)")
                #expect(try await friend.get("/wishlists/\(wishlist)").status == 404)
                #expect(try await friend.get("/s/\(token)").status == 404)
                #expect(!(try await friend.get("/bookmarks").text.contains("bookmark-link")))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aRefusedRequestIsAnsweredWithAPageNotTheAPIsJSON(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            try await Self.browsers(server) { owner, _ in
                _ = try await Self.ownerWithWishlist(owner, name: "Big")
                _ = try await owner.get("/wishlists")
                let oversized = try await owner.post("/wishlists", ["name": "Huge", "description": String(repeating: "x", count: 80 * 1024)])
                #expect(oversized.status == 413)
                #expect(oversized.headers.first(name: "Content-Type")?.hasPrefix("text/html") == true)
                #expect(oversized.text.contains("role=\"alert\"") || oversized.text.contains("<h1>"))
                #expect(!(try await owner.get("/wishlists").text.contains("Huge")))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aLinkOpenedFromAnotherSiteAsksBeforeJoiningTheWishlist(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            let friend = try await server.register("erin@example.com")
            try await Self.browsers(server) { owner, visitor in
                let wishlist = try await Self.ownerWithWishlist(owner, name: "Lured")
                _ = try await owner.post("/wishlists/\(wishlist)/items", ["title": "Teapot"])
                _ = try await owner.get("/wishlists/\(wishlist)")
                _ = try await owner.post("/wishlists/\(wishlist)/shares", ["link_type": "view"])
                let link = try #require(Self.shareLink(in: try await owner.get("/wishlists/\(wishlist)").text))
                let token = String(link.dropFirst((server.baseURL + "/s/").count))
                try await Self.signIn(visitor, friend.email, "correct horse")
                await visitor.setExtraHeaders([("Sec-Fetch-Site", "cross-site")])
                let asked = try await visitor.get("/s/\(token)")
                #expect(asked.status == 200)
                #expect(asked.text.contains("id=\"open-shared-form\""))
                #expect(!(try await visitor.get("/bookmarks").text.contains("bookmark-link")), "nothing joined unasked")
                _ = try await visitor.get("/s/\(token)")
                try await Self.expectRedirect(try await visitor.post("/s/\(token)"), to: "/wishlists/\(wishlist)")
                #expect(try await visitor.get("/bookmarks").text.contains("bookmark-link"))
                let viewOnly = try await visitor.get("/wishlists/\(wishlist)").text
                #expect(viewOnly.contains("Teapot"))
                #expect(!viewOnly.contains("mark-item"), "a view link offers no marking")
                #expect(viewOnly.contains("role=\"status\""))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aFormWithoutThisBrowsersTokenChangesNothing(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            try await Self.browsers(server) { owner, stranger in
                _ = try await Self.ownerWithWishlist(owner, name: "First")
                _ = try await stranger.get("/login")
                let strangersToken = try #require(await stranger.csrfToken)
                _ = try await owner.get("/wishlists")
                #expect(try await owner.post("/wishlists", ["name": "Forged"], csrf: "").status == 403)
                #expect(try await owner.post("/wishlists", ["name": "Forged"], csrf: strangersToken).status == 403)
                let list = try await owner.get("/wishlists").text
                #expect(!list.contains("Forged"))
                #expect(list.contains("First"))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func signingOutAndChangingThePasswordEndTheOtherSessions(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            let app = try await server.register("carol@example.com", password: "old password 1")
            try await Self.browsers(server) { laptop, phone in
                for browser in [laptop, phone] { try await Self.signIn(browser, "carol@example.com", "old password 1") }
                _ = try await laptop.get("/settings")
                let changed = try await laptop.post("/settings/password", ["current_password": "old password 1", "new_password": "new password 2"])
                #expect(changed.status == 200)
                #expect(try await laptop.get("/wishlists").status == 200, "the browser that changed it stays signed in")
                try await Self.expectRedirect(try await phone.get("/wishlists"), to: "/login?next=/wishlists")
                let refresh = try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(app.refreshToken)])
                #expect(refresh.status == 401, "the app's session ended too")

                _ = try await laptop.get("/wishlists")
                try await Self.expectRedirect(try await laptop.post("/logout"), to: "/login")
                try await Self.expectRedirect(try await laptop.get("/wishlists"), to: "/login?next=/wishlists")
                _ = try await laptop.get("/login")
                #expect(try await laptop.post("/login", ["email": "carol@example.com", "password": "old password 1"]).status == 401)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func disablingAnAccountEndsItsBrowserSessionsAtOnce(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            try await Self.browsers(server) { browser, _ in
                _ = try await Self.ownerWithWishlist(browser, name: "Mine")
                let administrator = try await server.administrator(for: "wishwithme")
                _ = try await administrator.disable(try await administrator.find("owner@example.com"))
                try await Self.expectRedirect(try await browser.get("/wishlists"), to: "/login?next=/wishlists")
                _ = try await browser.get("/login")
                let again = try await browser.post("/login", ["email": "owner@example.com", "password": "correct horse"])
                #expect(again.status != 303)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func whatUsersTypeIsShownAsTextNeverAsMarkup(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            try await Self.browsers(server) { owner, _ in
                let wishlist = try await Self.ownerWithWishlist(owner, name: "<script>alert(1)</script>")
                _ = try await owner.post("/wishlists/\(wishlist)/items", ["title": "\"><img src=x onerror=alert(1)>"])
                let page = try await owner.get("/wishlists/\(wishlist)").text
                #expect(!page.contains("<script>alert"))
                #expect(!page.contains("<img src=x"))
                #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func afterSigningInABrowserOnlyEverGoesBackIntoTheApp(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            _ = try await server.register("dora@example.com")
            try await Self.browsers(server) { browser, _ in
                for next in ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"] {
                    await browser.clearCookies()
                    _ = try await browser.get("/login")
                    let response = try await browser.post("/login", ["email": "dora@example.com", "password": "correct horse", "next": next])
                    try await Self.expectRedirect(response, to: "/wishlists")
                }
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func pagesSpeakTheProfilesLanguageOrElseTheBrowsers(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            try await Self.browsers(server) { browser, _ in
                await browser.setLanguage("ru-RU,ru;q=0.9,en;q=0.5")
                let login = try await browser.get("/login").text
                #expect(login.contains("<html lang=\"ru\">"))
                #expect(login.contains("Войти"))
                _ = try await Self.ownerWithWishlist(browser, name: "Список")
                _ = try await browser.get("/profile")
                _ = try await browser.post("/profile", ["name": "Owner", "locale": "en"])
                #expect(try await browser.get("/wishlists").text.contains("<html lang=\"en\">"), "the profile's choice wins")
                #expect(try await browser.get("/nowhere-\(UUID().uuidString)").status == 404)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func theSessionCookieAndPageHeadersFollowTheSecurityRules(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            try await Self.browsers(server) { browser, _ in
                let login = try await browser.get("/login")
                let policy = try #require(login.headers.first(name: "Content-Security-Policy"))
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(login.headers.first(name: "Referrer-Policy") == "no-referrer")
                _ = try await Self.ownerWithWishlist(browser, name: "Cookies")
                let attributes = await browser.cookieAttributes["hearth_session"] ?? []
                #expect(attributes.contains("HttpOnly"))
                #expect(attributes.contains("SameSite=Lax"))
                #expect(attributes.contains("Path=/"))
                #expect(!attributes.contains("Secure"), "plain HTTP here; Secure comes with TLS or an https public URL")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func underHearthServeTheLinkAndPagesLiveBelowTheAppsMount(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [WishWithMeApp()]) { server in
            let browser = WebBrowser(server, mount: "/wishwithme")
            do {
                let wishlist = try await Self.ownerWithWishlist(browser, name: "Mounted", mount: "/wishwithme")
                _ = try await browser.post("/wishlists/\(wishlist)/shares", ["link_type": "view"])
                let page = try await browser.get("/wishlists/\(wishlist)").text
                #expect(Self.shareLink(in: page)?.hasPrefix(server.baseURL + "/wishwithme/s/") == true)
                #expect(page.contains("href=\"/wishwithme/static/hearth.css\""))
                #expect(try await server.request(.GET, "/wishwithme/static/hearth.css").status == 200)
                try await browser.close()
            } catch {
                try await browser.close()
                throw error
            }
        }
    }

    // MARK: - Helpers

    static func browsers(_ server: TestServer, _ body: (WebBrowser, WebBrowser) async throws -> Void) async throws {
        let first = WebBrowser(server)
        let second = WebBrowser(server)
        do {
            try await body(first, second)
        } catch {
            try await first.close()
            try await second.close()
            throw error
        }
        try await first.close()
        try await second.close()
    }

    /// Registers `owner@example.com` through the page and creates a wishlist; its page id.
    static func ownerWithWishlist(_ browser: WebBrowser, name: String, mount: String = "") async throws -> String {
        _ = try await browser.get("/register")
        let registered = try await browser.post("/register", ["name": "Owner", "email": "owner@example.com", "password": "correct horse"])
        try await expectRedirect(registered, to: mount + "/wishlists")
        _ = try await browser.get("/wishlists")
        let created = try await browser.post("/wishlists", ["name": name])
        guard created.status == 303, let location = created.location, let range = location.range(of: "/wishlists/") else {
            throw UnexpectedResponse(created)
        }
        return String(location[range.upperBound...])
    }

    static func signIn(_ browser: WebBrowser, _ email: String, _ password: String) async throws {
        _ = try await browser.get("/login")
        try await expectRedirect(try await browser.post("/login", ["email": email, "password": password]), to: "/wishlists")
    }

    static func expectRedirect(_ response: TestResponse, to location: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(response.status == 303, "status \(response.status): \(response.text.prefix(300))", sourceLocation: sourceLocation)
        #expect(response.location == location, sourceLocation: sourceLocation)
    }

    static func shareLink(in page: String) -> String? {
        value(after: #"class="share-url" type="text" readonly value=""#, in: page)
    }

    static func shareID(in page: String) -> String? {
        guard let range = page.range(of: "/shares/") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "/" })
    }

    static func firstItemID(in page: String) -> String? {
        value(after: #"data-item-id=""#, in: page)
    }

    static func value(after marker: String, in page: String) -> String? {
        guard let range = page.range(of: marker) else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}
