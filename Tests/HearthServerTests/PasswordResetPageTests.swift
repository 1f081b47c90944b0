import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Testing

/// The platform's password reset page (`<mount>/reset-password`), which every app with
/// accounts gets: one-time links made by `hearth admin reset-password`, over real HTTP.
@Suite struct PasswordResetPageTests {
    static let email = "reset@example.com"

    /// An `application/x-www-form-urlencoded` body, as a browser posts the form.
    static func form(_ fields: KeyValuePairs<String, String>) -> [UInt8] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        return Array(encoded.joined(separator: "&").utf8)
    }

    static func post(_ server: TestServer, token: String, password: String, confirm: String? = nil, app: String = "/notes") async throws
        -> TestResponse
    {
        try await server.request(
            .POST, "\(app)/reset-password", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: form(["token": token, "password": password, "confirm": confirm ?? password]))
    }

    static func signIn(_ server: TestServer, password: String) async throws -> Int {
        try await server.request(.POST, "/notes/auth/login", json: ["email": .string(email), "password": .string(password)]).status
    }

    /// A fresh link for the test account, and its token.
    static func link(_ server: TestServer) async throws -> (link: PasswordResetLink, token: String) {
        let administrator = try await server.administrator(for: "notes")
        let link = try await administrator.createResetLink(for: try await administrator.find(email))
        let token = try #require(link.url.components(separatedBy: "?token=").last)
        return (link, token)
    }

    @Test(arguments: TestEngine.available)
    func aResetLinkSetsThePasswordOnceAndASecondUseIsRefused(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            _ = try await server.signUp(Self.email)
            let (_, token) = try await Self.link(server)
            let page = try await server.request(.GET, "/notes/reset-password?token=\(token)")
            #expect(page.status == 200)
            #expect(page.text.contains("<form method=\"post\"") && page.text.contains("name=\"token\" value=\"\(token)\""))

            let changed = try await Self.post(server, token: token, password: "brand new secret")
            #expect(changed.status == 200)
            #expect(changed.text.contains("Your password has been changed"))
            #expect(try await Self.signIn(server, password: "brand new secret") == 200)
            #expect(try await Self.signIn(server, password: "correct horse") == 401)

            let again = try await Self.post(server, token: token, password: "another new secret")
            #expect(again.status == 410)
            #expect(again.text.contains("This link no longer works"))
            #expect(try await Self.signIn(server, password: "another new secret") == 401)
            #expect(try await server.request(.GET, "/notes/reset-password?token=\(token)").status == 410)
        }
    }

    @Test(arguments: TestEngine.available)
    func settingAPasswordThroughTheLinkEndsEverySessionOfTheAccount(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let user = try await server.signUp(Self.email)
            #expect(try await server.request(.GET, "/notes/me", headers: user.bearer).status == 200)
            let (_, token) = try await Self.link(server)
            #expect(try await Self.post(server, token: token, password: "brand new secret").status == 200)

            let me = try await server.request(.GET, "/notes/me", headers: user.bearer)
            #expect(me.status == 401)
            #expect(me.json["code"] == "SESSION_ENDED")
            let refresh = try await server.request(.POST, "/notes/auth/refresh", json: ["refresh_token": .string(user.refreshToken)])
            #expect(refresh.status == 401)
            let login = try await server.request(.POST, "/notes/auth/login", json: ["email": .string(Self.email), "password": "brand new secret"])
            let fresh = try NotesUser(tokens: login.json)
            #expect(try await server.request(.GET, "/notes/me", headers: fresh.bearer).status == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func aPasswordTheAppRefusesIsAskedForAgainAndTheLinkStaysUsable(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            _ = try await server.signUp(Self.email)
            let (_, token) = try await Self.link(server)
            let short = try await Self.post(server, token: token, password: "short")
            #expect(short.status == 422)
            #expect(short.text.contains("The password must be 8 to 64 characters."))
            #expect(short.text.contains("name=\"token\" value=\"\(token)\""))
            let mismatched = try await Self.post(server, token: token, password: "long enough one", confirm: "long enough two")
            #expect(mismatched.status == 422)
            #expect(mismatched.text.contains("not the same"))
            #expect(try await Self.signIn(server, password: "correct horse") == 200, "nothing changed yet")

            #expect(try await Self.post(server, token: token, password: "long enough one").status == 200)
            #expect(try await Self.signIn(server, password: "long enough one") == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func aLinkStopsWorkingAfterADayAndANewerOneReplacesIt(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.run(engine: engine, apps: [NotesTestApp()], clock: clock) { (server: TestServer) async throws in
            _ = try await server.signUp(Self.email)
            let (first, firstToken) = try await Self.link(server)
            #expect(first.expiresAt == clock.now.adding(seconds: 86_400))
            let (_, secondToken) = try await Self.link(server)
            #expect(try await server.request(.GET, "/notes/reset-password?token=\(firstToken)").status == 410, "replaced by the newer link")
            #expect(try await server.request(.GET, "/notes/reset-password?token=\(secondToken)").status == 200)

            clock.advance(seconds: 86_400)
            #expect(try await server.request(.GET, "/notes/reset-password?token=\(secondToken)").status == 410)
            #expect(try await Self.post(server, token: secondToken, password: "too late for this").status == 410)
            #expect(try await Self.signIn(server, password: "correct horse") == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func aLinkOfOneAppDoesNothingOnAnotherAppsPage(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp(), NotesTestApp(name: "memo")]) { (server: TestServer) async throws in
            _ = try await server.signUp(Self.email)
            _ = try await server.signUp(Self.email, app: "/memo")
            let (_, token) = try await Self.link(server)
            #expect(try await server.request(.GET, "/memo/reset-password?token=\(token)").status == 410)
            #expect(try await Self.post(server, token: token, password: "memo takeover!", app: "/memo").status == 410)
            #expect(try await server.request(.POST, "/memo/auth/login", json: ["email": .string(Self.email), "password": "correct horse"]).status == 200)
        }
    }

    @Test func thePageAllowsNoScriptNoFramingAndSendsNoReferrer() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            _ = try await server.signUp(Self.email)
            let (_, token) = try await Self.link(server)
            for response in [
                try await server.request(.GET, "/notes/reset-password?token=\(token)"),
                try await server.request(.GET, "/notes/reset-password?token=unknown"),
                try await Self.post(server, token: token, password: "x"),
            ] {
                let policy = try #require(response.header("Content-Security-Policy"))
                #expect(policy.hasPrefix("default-src 'none';") && !policy.contains("script-src") && policy.contains("frame-ancestors 'none'"))
                let nonce = try #require(policy.components(separatedBy: "'nonce-").last?.components(separatedBy: "'").first)
                #expect(response.text.contains("<style nonce=\"\(nonce)\">"))
                #expect(!response.text.contains("<script"))
                #expect(response.header("Referrer-Policy") == "no-referrer")
                #expect(response.header("Cache-Control") == "no-store")
                #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            }
        }
    }

    @Test func theLinkStartsWithThePublicURLAndTheAppsMount() throws {
        var configuration = ServerConfiguration()
        configuration.publicURL = try PublicURL.validated("https://hearth.example.com/base/")
        #expect(
            PasswordResetLink.url(configuration: configuration, app: "listall", token: "abc")
                == "https://hearth.example.com/base/listall/reset-password?token=abc")
        configuration.rootApp = "listall"
        #expect(PasswordResetLink.url(configuration: configuration, app: "listall", token: "abc") == "https://hearth.example.com/base/reset-password?token=abc")
        configuration.publicURL = nil
        configuration.host = "0.0.0.0"
        configuration.port = 8443
        #expect(PasswordResetLink.url(configuration: configuration, app: "listall", token: "abc") == "http://127.0.0.1:8443/reset-password?token=abc")

        let resolved = try ServerConfiguration.resolve(.init(), environment: ["HEARTH_PUBLIC_URL": "https://lists.example.com/"])
        #expect(resolved.publicURL == "https://lists.example.com")
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.resolve(.init(), environment: ["HEARTH_PUBLIC_URL": "lists.example.com"])
        }
    }
}
