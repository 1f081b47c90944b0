import AsyncHTTPClient
import Foundation
import HearthCore
import HearthTesting
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing
import WishWithMeServer

/// OAuth v1 (spec §3) driven over HTTP end to end: the server talks to a fake provider on
/// loopback, and the test plays the browser (it does not follow redirects).
@Suite struct OAuthTests {
    static let web = "https://app.example/auth/callback"
    static let iosApp = "wishwithme://auth/callback"
    static let withQuery = "https://app.example/done?source=ios"

    @Test(arguments: TestEngine.available)
    func providersListsOnlyConfiguredOnesAndRefusesOthers(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine, providers: [.yandex]) { oauth in
            #expect(try await oauth.server.request(.GET, "/api/v1/oauth/providers").json == ["providers": ["yandex"]])
            let unconfigured = try await oauth.server.request(.GET, "/api/v1/oauth/google/authorize?redirect=false")
            #expect(unconfigured.status == 400)
            #expect(unconfigured.json["detail"] == "OAuth provider 'google' is not configured")
            #expect(try await oauth.server.request(.GET, "/api/v1/oauth/github/authorize").status == 422)
            #expect(try await oauth.server.request(.GET, "/api/v1/oauth/github/callback?code=x&state=y").status == 422)
            let user = try await oauth.server.register("pat@example.com")
            #expect(try await oauth.server.request(.POST, "/api/v1/oauth/github/link/initiate", headers: user.auth).status == 422)
            #expect(try await oauth.server.request(.POST, "/api/v1/oauth/google/link/initiate", headers: user.auth).status == 400)
            #expect(try await oauth.server.request(.DELETE, "/api/v1/oauth/github/unlink", headers: user.auth).status == 422)
        }
        try await OAuthHarness.run(engine: engine, providers: []) { oauth in
            let providers = try await oauth.server.request(.GET, "/api/v1/oauth/providers").json
            #expect(providers == ["providers": .array([])])
        }
    }

    @Test(arguments: TestEngine.available)
    func authorizeSendsTheBrowserToTheProviderWithPKCE(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let redirect = try await oauth.browse(.GET, "/api/v1/oauth/google/authorize")
            #expect(redirect.status == 302)
            let location = try #require(redirect.header("Location"))
            #expect(location.hasPrefix("\(oauth.fake.baseURL)/google/authorize?"))
            let query = try FakeOAuthProvider.query(of: location)
            #expect(query["response_type"] == "code")
            #expect(query["client_id"] == "client-google")
            #expect(query["redirect_uri"] == "\(oauth.server.baseURL)/api/v1/oauth/google/callback")
            #expect(query["scope"] == "openid email profile")
            #expect(query["code_challenge_method"] == "S256")
            #expect(query["code_challenge"]?.count == 43)
            #expect(query["nonce"]?.isEmpty == false)
            #expect(query["state"]?.count ?? 0 >= 32)

            let yandex = try await oauth.start("yandex")
            let yandexQuery = try FakeOAuthProvider.query(of: yandex.url)
            #expect(yandexQuery["state"] == yandex.state)
            #expect(yandexQuery["scope"] == "login:email login:info login:avatar")
            #expect(yandexQuery["nonce"] == nil)
            #expect(try await oauth.server.request(.GET, "/api/v1/oauth/google/authorize?redirect=maybe").status == 422)
        }
    }

    @Test(arguments: TestEngine.available)
    func aNewUserSignsUpWithoutAPassword(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let start = try await oauth.start("google")
            let profile = OAuthHarness.google(
                "g-1", email: "  New.Person@Example.COM ", name: "New Person", picture: "\(oauth.fake.baseURL)/avatar.png")
            let code = try await oauth.fake.approve(start.url, as: profile)
            let response = try await oauth.browse(.GET, "/api/v1/oauth/google/callback?code=\(code)&state=\(start.state)")
            #expect(response.status == 302)
            #expect(response.header("Referrer-Policy") == "no-referrer")
            let location = try #require(response.header("Location"))
            #expect(location.hasPrefix(Self.web + "?access_token="))
            let result = try FakeOAuthProvider.query(of: location)
            #expect(result["expires_in"] == "900")
            #expect(result["new_user"] == "true")

            let me = try await oauth.me(result)
            #expect(me["id"]?.stringValue?.hasPrefix("user:") == true)
            #expect(me["email"] == "new.person@example.com")
            #expect(me["name"] == "New Person")
            #expect(me["locale"] == "en")
            #expect(me["avatar_base64"]?.stringValue?.hasPrefix("data:image/svg+xml;base64,") == true)
            let refresh = try await oauth.server.request(
                .POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(result["refresh_token"] ?? "")])
            #expect(refresh.status == 200)
            let login = try await oauth.server.request(
                .POST, "/api/v2/auth/login", json: ["email": "new.person@example.com", "password": "anything at all"])
            #expect(login.status == 401)
            let connected = try await oauth.connected(result)
            #expect(connected["has_password"] == false)
            #expect(connected["accounts"]?[0]?["provider"] == "google")
            #expect(connected["accounts"]?[0]?["email"] == "new.person@example.com")

            // What the provider saw: a standard code exchange, credentials, PKCE, bearer user info.
            let exchange = try #require(await oauth.fake.ledger.tokenRequests.last)
            let authorization = try FakeOAuthProvider.query(of: start.url)
            #expect(exchange["grant_type"] == "authorization_code")
            #expect(exchange["code"] == code)
            #expect(exchange["client_secret"] == FakeOAuthProvider.clientSecret("google"))
            #expect(exchange["redirect_uri"] == authorization["redirect_uri"])
            #expect(FakeOAuthProvider.challenge(for: exchange["code_verifier"] ?? "") == authorization["code_challenge"])
            #expect(await oauth.fake.ledger.userInfoAuthorizations.last?.hasPrefix("Bearer token-") == true)
            // The picture is not HTTPS, so it is never fetched and the default avatar stays.
            #expect(await oauth.fake.ledger.avatarRequests.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func signingInAgainKeepsTheNameTheUserChose(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let first = try await oauth.signIn("yandex", as: OAuthHarness.yandex("y-7", email: nil, name: "Provider Name"))
            #expect(first["new_user"] == "true")
            let me = try await oauth.me(first)
            #expect(me["email"] == "y-7@yandex.oauth")
            let user = WishUser(
                id: me["id"]?.stringValue ?? "", email: "y-7@yandex.oauth", accessToken: first["access_token"] ?? "", refreshToken: "")
            let stored = try #require(try await oauth.server.pull(user, "users").first)
            let renamed = Docs.edited(stored, ["name": "Chosen Name", "updated_at": .string(Docs.iosNow(offsetSeconds: 2))])
            #expect(try await oauth.server.push(user, "users", [renamed]).isEmpty)

            let second = try await oauth.signIn("yandex", as: OAuthHarness.yandex("y-7", email: nil, name: "Provider Name"))
            #expect(second["new_user"] == nil)
            #expect(second["access_token"] != nil)
            let again = try await oauth.me(second)
            #expect(again["id"] == me["id"])
            #expect(again["name"] == "Chosen Name")
        }
    }

    @Test(arguments: TestEngine.available)
    func onlyAVerifiedEmailSignsInToAnExistingAccount(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let alice = try await oauth.server.register("alice@example.com", name: "Alice")
            let unverified = try await oauth.signIn("google", as: OAuthHarness.google("g-2", email: "alice@example.com", verified: false))
            #expect(unverified == ["error": "email_exists", "email": "alice@example.com", "provider": "google"])
            // Yandex emails count as verified only when the deployment says so.
            let yandex = try await oauth.signIn("yandex", as: OAuthHarness.yandex("y-2", email: "alice@example.com"))
            #expect(yandex == ["error": "email_exists", "email": "alice@example.com", "provider": "yandex"])
            #expect(try await oauth.connected(["access_token": alice.accessToken])["accounts"] == [])

            let verified = try await oauth.signIn(
                "google", as: OAuthHarness.google("g-2", email: "ALICE@example.com", name: "Google Alice"))
            #expect(verified["new_user"] == nil)
            let me = try await oauth.me(verified)
            #expect(me["id"] == .string(alice.id))
            #expect(me["name"] == "Alice")
            let connected = try await oauth.connected(verified)
            #expect(connected["has_password"] == true)
            #expect(connected["accounts"]?.arrayValue?.count == 1)
        }
        try await OAuthHarness.run(engine: engine, yandexTrustsEmails: true) { oauth in
            let alice = try await oauth.server.register("alice@example.com", name: "Alice")
            let yandex = try await oauth.signIn("yandex", as: OAuthHarness.yandex("y-2", email: "alice@example.com"))
            #expect(try await oauth.me(yandex)["id"] == .string(alice.id))
        }
    }

    @Test(arguments: TestEngine.available)
    func aStateWorksOnceAndOnlyForItsProvider(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let start = try await oauth.start("google")
            let code = try await oauth.fake.approve(start.url, as: OAuthHarness.google("g-3", email: "replay@example.com"))
            let callback = "/api/v1/oauth/google/callback?code=\(code)&state=\(start.state)"
            #expect(try await oauth.finalQuery(callback)["access_token"] != nil)
            let replay = try await oauth.finalQuery(callback)
            #expect(replay["error"] == "auth_failed")
            #expect(replay["error_message"] == "Invalid or expired OAuth state")
            #expect(await oauth.fake.ledger.tokenRequests.count == 1)

            let forged = try await oauth.browse(.GET, "/api/v1/oauth/google/callback?code=\(code)&state=made-up")
            #expect(forged.header("Location") == Self.web + "?error=auth_failed&error_message=Invalid%20or%20expired%20OAuth%20state")
            let yandexState = try await oauth.start("yandex")
            let crossed = try await oauth.finalQuery("/api/v1/oauth/google/callback?code=\(code)&state=\(yandexState.state)")
            #expect(crossed["error"] == "auth_failed")
            #expect(await oauth.fake.ledger.tokenRequests.count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func aStateExpiresAfterTenMinutes(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await OAuthHarness.run(engine: engine, clock: clock) { oauth in
            let start = try await oauth.start("google")
            let code = try await oauth.fake.approve(start.url, as: OAuthHarness.google("g-4", email: "late@example.com"))
            clock.advance(seconds: 601)
            let result = try await oauth.finalQuery("/api/v1/oauth/google/callback?code=\(code)&state=\(start.state)")
            #expect(result["error"] == "auth_failed")
            #expect(await oauth.fake.ledger.tokenRequests.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func onlyAllowListedCallbackURLsAreHonoured(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let evil = "callback_url=" + (OAuthHarness.escape("https://evil.example/auth/callback"))
            let refused = try await oauth.server.request(.GET, "/api/v1/oauth/google/authorize?redirect=false&\(evil)")
            #expect(refused.status == 400)
            let user = try await oauth.server.register("lee@example.com")
            #expect(try await oauth.server.request(.POST, "/api/v1/oauth/google/link/initiate?\(evil)", headers: user.auth).status == 400)

            let ios = try await oauth.signInLocation(
                "google", as: OAuthHarness.google("g-5", email: "ios@example.com"), callbackURL: Self.iosApp)
            #expect(ios.hasPrefix(Self.iosApp + "?access_token="))
            let appended = try await oauth.signInLocation(
                "google", as: OAuthHarness.google("g-5", email: "ios@example.com"), callbackURL: Self.withQuery)
            #expect(appended.hasPrefix(Self.withQuery + "&access_token="))
        }
    }

    @Test(arguments: TestEngine.available)
    func providerErrorsAndFailuresEndOnTheCallbackPage(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let start = try await oauth.start("google", callbackURL: Self.iosApp)
            let denied = try await oauth.browse(
                .GET, "/api/v1/oauth/google/callback?error=access_denied&error_description=The%20user%20said%20no&state=\(start.state)")
            #expect(denied.status == 302)
            #expect(denied.header("Location") == Self.iosApp + "?error=The%20user%20said%20no")

            let noCode = try await oauth.start("google")
            #expect(try await oauth.finalQuery("/api/v1/oauth/google/callback?state=\(noCode.state)")["error"] == "auth_failed")

            let rejected = try await oauth.start("google")
            let result = try await oauth.finalQuery("/api/v1/oauth/google/callback?code=not-a-real-code&state=\(rejected.state)")
            #expect(result == ["error": "auth_failed", "error_message": "Could not complete sign-in with the provider"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aSignedInUserLinksAProvider(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let bob = try await oauth.server.register("bob@example.com", name: "Bob")
            #expect(bob.id.hasPrefix("user:"))
            let bobGoogle = OAuthHarness.google("g-bob", email: "bob.personal@example.com")
            let linked = try await oauth.linkLocation("google", user: bob, as: bobGoogle, callbackURL: Self.iosApp)
            #expect(linked == Self.iosApp + "?linked=google")
            let connected = try await oauth.connected(["access_token": bob.accessToken])
            #expect(connected["accounts"]?[0]?["provider"] == "google")
            #expect(connected["accounts"]?[0]?["email"] == "bob.personal@example.com")
            #expect(connected["accounts"]?[0]?["connected_at"]?.stringValue?.hasSuffix("+00:00") == true)
            #expect(try await oauth.me(try await oauth.signIn("google", as: bobGoogle))["id"] == .string(bob.id))

            let again = try await oauth.linkLocation("google", user: bob, as: bobGoogle)
            #expect(again == Self.web + "?error=already_linked&provider=google")
            let secondGoogle = try await oauth.linkLocation("google", user: bob, as: OAuthHarness.google("g-bob-2", email: nil))
            #expect(secondGoogle == Self.web + "?error=already_linked&provider=google")
            let carol = try await oauth.server.register("carol@example.com")
            let stolen = try FakeOAuthProvider.query(of: try await oauth.linkLocation("google", user: carol, as: bobGoogle))
            #expect(stolen == ["error": "auth_failed", "error_message": "This account is already linked to another user"])
            #expect(try await oauth.server.request(.POST, "/api/v1/oauth/google/link/initiate").status == 401)
            #expect(try await oauth.server.request(.GET, "/api/v1/oauth/connected").status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func theOnlyWayInCannotBeUnlinked(engine: TestEngine) async throws {
        try await OAuthHarness.run(engine: engine) { oauth in
            let tokens = try await oauth.signIn("google", as: OAuthHarness.google("g-6", email: "solo@example.com"))
            let solo = WishUser(id: "", email: "solo@example.com", accessToken: tokens["access_token"] ?? "", refreshToken: "")
            let only = try await oauth.server.request(.DELETE, "/api/v1/oauth/google/unlink", headers: solo.auth)
            #expect(only.status == 400)
            #expect(
                only.json["detail"] == "Cannot unlink the only authentication method. Please set a password or link another account first.")
            let notLinked = try await oauth.server.request(.DELETE, "/api/v1/oauth/yandex/unlink", headers: solo.auth)
            #expect(notLinked.status == 400)
            #expect(notLinked.json["detail"] == "Provider 'yandex' is not linked to your account")

            let linked = try await oauth.linkLocation("yandex", user: solo, as: OAuthHarness.yandex("y-6", email: nil))
            #expect(linked == Self.web + "?linked=yandex")
            let unlinked = try await oauth.server.request(.DELETE, "/api/v1/oauth/google/unlink", headers: solo.auth)
            #expect(unlinked.status == 200)
            #expect(unlinked.json == ["message": "Successfully unlinked google"])
            #expect(try await oauth.connected(tokens)["accounts"]?.arrayValue?.compactMap { $0["provider"]?.stringValue } == ["yandex"])
            #expect(try await oauth.server.request(.DELETE, "/api/v1/oauth/yandex/unlink", headers: solo.auth).status == 400)

            let dana = try await oauth.server.register("dana@example.com")
            let danaLinked = try await oauth.linkLocation("google", user: dana, as: OAuthHarness.google("g-dana", email: nil))
            #expect(danaLinked == Self.web + "?linked=google")
            #expect(try await oauth.server.request(.DELETE, "/api/v1/oauth/google/unlink", headers: dana.auth).status == 200)
            #expect(try await oauth.connected(["access_token": dana.accessToken]) == ["accounts": [], "has_password": true])
        }
    }
}

/// A Wish With Me server wired to a ``FakeOAuthProvider``, and a browser that does not
/// follow redirects.
struct OAuthHarness: Sendable {
    let server: TestServer
    let fake: FakeOAuthProvider
    let browser: HTTPClient

    static func run(
        engine: TestEngine, providers: [OAuthProviderSettings.Provider] = [.google, .yandex], yandexTrustsEmails: Bool = false,
        clock: any WallClock = SystemWallClock(), _ body: @Sendable (OAuthHarness) async throws -> Void
    ) async throws {
        try await FakeOAuthProvider.run { fake in
            var settings = WishWithMeSettings()
            settings.frontendCallbackURL = OAuthTests.web
            settings.allowedCallbackURLs = [OAuthTests.web, OAuthTests.iosApp, OAuthTests.withQuery]
            settings.oauthProviders = providers.map { fake.settings($0, trustsEmails: $0 == .yandex ? yandexTrustsEmails : nil) }
            try await TestServer.wishWithMe(engine: engine, settings: settings, clock: clock) { server in
                let browser = HTTPClient(
                    eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: .init(redirectConfiguration: .disallow))
                do {
                    try await body(OAuthHarness(server: server, fake: fake, browser: browser))
                } catch {
                    try await browser.shutdown()
                    throw error
                }
                try await browser.shutdown()
            }
        }
    }

    static func google(
        _ sub: String, email: String?, verified: Bool = true, name: String = "Google User", picture: String = "http://127.0.0.1:9/a.png"
    ) -> JSONValue {
        [
            "sub": .string(sub), "email": email.map(JSONValue.string) ?? .null, "email_verified": .bool(verified), "name": .string(name),
            "picture": .string(picture),
        ]
    }

    static func yandex(_ id: String, email: String?, name: String = "Yandex User") -> JSONValue {
        [
            "id": .string(id), "login": "someone", "default_email": email.map(JSONValue.string) ?? .null, "real_name": "",
            "display_name": .string(name), "is_avatar_empty": true,
        ]
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    func browse(_ method: HTTPMethod, _ path: String, headers: [(String, String)] = []) async throws -> TestResponse {
        var request = HTTPClientRequest(url: server.baseURL + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await browser.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1024 * 1024)
        return TestResponse(status: Int(response.status.code), headers: response.headers, body: Array(body.readableBytesView))
    }

    /// Starts a sign-in the way the clients do; returns the provider URL and the state.
    func start(_ provider: String, callbackURL: String? = nil) async throws -> (url: String, state: String) {
        let callback = callbackURL.map { "&callback_url=" + Self.escape($0) } ?? ""
        let response = try await server.request(.GET, "/api/v1/oauth/\(provider)/authorize?redirect=false\(callback)")
        guard response.status == 200, let url = response.json["authorization_url"]?.stringValue,
            let state = response.json["state"]?.stringValue
        else { throw UnexpectedResponse(response) }
        return (url, state)
    }

    /// The `Location` of the callback's redirect.
    func location(_ callbackPath: String) async throws -> String {
        let response = try await browse(.GET, callbackPath)
        guard response.status == 302, let location = response.header("Location") else { throw UnexpectedResponse(response) }
        return location
    }

    func finalQuery(_ callbackPath: String) async throws -> [String: String] {
        try FakeOAuthProvider.query(of: try await location(callbackPath))
    }

    func signInLocation(_ provider: String, as userInfo: JSONValue, callbackURL: String? = nil) async throws -> String {
        let start = try await start(provider, callbackURL: callbackURL)
        let code = try await fake.approve(start.url, as: userInfo)
        return try await location("/api/v1/oauth/\(provider)/callback?code=\(code)&state=\(start.state)")
    }

    func signIn(_ provider: String, as userInfo: JSONValue) async throws -> [String: String] {
        try FakeOAuthProvider.query(of: try await signInLocation(provider, as: userInfo))
    }

    func linkLocation(_ provider: String, user: WishUser, as userInfo: JSONValue, callbackURL: String? = nil) async throws -> String {
        let callback = callbackURL.map { "?callback_url=" + Self.escape($0) } ?? ""
        let response = try await server.request(.POST, "/api/v1/oauth/\(provider)/link/initiate\(callback)", headers: user.auth)
        guard response.status == 200, let url = response.json["authorization_url"]?.stringValue,
            let state = response.json["state"]?.stringValue
        else { throw UnexpectedResponse(response) }
        let code = try await fake.approve(url, as: userInfo)
        return try await location("/api/v1/oauth/\(provider)/callback?code=\(code)&state=\(state)")
    }

    /// `/api/v2/auth/me` with the access token of a sign-in's redirect.
    func me(_ tokens: [String: String]) async throws -> JSONValue {
        let response = try await server.request(
            .GET, "/api/v2/auth/me", headers: [("Authorization", "Bearer \(tokens["access_token"] ?? "")")])
        guard response.status == 200 else { throw UnexpectedResponse(response) }
        return response.json
    }

    func connected(_ tokens: [String: String]) async throws -> JSONValue {
        let response = try await server.request(
            .GET, "/api/v1/oauth/connected", headers: [("Authorization", "Bearer \(tokens["access_token"] ?? "")")])
        guard response.status == 200 else { throw UnexpectedResponse(response) }
        return response.json
    }
}
