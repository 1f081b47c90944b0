import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// `GET /auth/v1/verify` opened from a mail, and the `pkce` grant (research doc §5.2, §5.6).
@Suite struct MailLinkTests {
    static let callback = "com.ronniejay.knot://login-callback"

    static var confirmationsOn: KnotSettings {
        var settings = KnotSettings()
        settings.mailerAutoconfirm = false
        return settings
    }

    /// The path and query of the outbox's newest link (the server's own origin is a guess in tests).
    static func linkPath(_ server: TestServer) throws -> String {
        let link = try #require(try server.lastMail()["link"]?.stringValue)
        let path = try #require(link.range(of: "/auth/v1/verify"))
        return String(link[path.lowerBound...])
    }

    @Test(arguments: TestEngine.available)
    func aPKCESignupLinkRedirectsWithACodeThatTheVerifierExchangesOnce(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.confirmationsOn) { server in
            let (verifier, challenge) = GoTrue.pkcePair()
            let signup = try await server.request(
                .POST, "/auth/v1/signup?redirect_to=\(FormEncodingForTests.encode(Self.callback))",
                json: [
                    "email": "pat@example.com", "password": "correct horse battery", "code_challenge": .string(challenge),
                    "code_challenge_method": "s256",
                ], headers: GoTrue.versioned)
            #expect(signup.status == 200)
            let link = try Self.linkPath(server)
            #expect(link.contains("token=pkce_"))
            // A browser opens it: no apikey, no version header.
            let opened = try await server.requestNotFollowing(link)
            #expect(opened.status == 303)
            let location = try #require(opened.header("Location"))
            #expect(location.hasPrefix(Self.callback + "?code="))
            let code = try #require(GoTrue.form(String(location.split(separator: "?")[1]))["code"])

            let wrong = try await server.auth("token?grant_type=pkce", ["auth_code": .string(code), "code_verifier": "not-the-verifier"])
            #expect(wrong.status == 400)
            #expect(wrong.json["code"] == "bad_code_verifier")
            let session = try await server.auth("token?grant_type=pkce", ["auth_code": .string(code), "code_verifier": .string(verifier)])
            #expect(session.status == 200)
            #expect(session.json["user"]?["email_confirmed_at"]?.stringValue != nil)
            #expect(GoTrue.claims(session.json["access_token"]?.stringValue ?? "")["amr"]?[0]?["method"] == "email/signup")
            let again = try await server.auth("token?grant_type=pkce", ["auth_code": .string(code), "code_verifier": .string(verifier)])
            #expect(again.status == 404)
            #expect(again.json == ["code": "flow_state_not_found", "message": "invalid flow state, no valid flow state found"])
            // The link itself is single-use.
            let reopened = try await server.requestNotFollowing(link)
            #expect(reopened.header("Location")?.contains("error_code=otp_expired") == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func anAuthCodeExpiresAfterFiveMinutes(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            _ = try await server.signUp("pat@example.com")
            let (verifier, challenge) = GoTrue.pkcePair()
            _ = try await server.auth("otp", ["email": "pat@example.com", "code_challenge": .string(challenge), "code_challenge_method": "S256"])
            let opened = try await server.requestNotFollowing(try Self.linkPath(server))
            let location = try #require(opened.header("Location"))
            let code = try #require(GoTrue.form(String(location.split(separator: "?").last ?? ""))["code"])
            clock.advance(seconds: 301)
            let late = try await server.auth("token?grant_type=pkce", ["auth_code": .string(code), "code_verifier": .string(verifier)])
            #expect(late.status == 422)
            #expect(late.json["code"] == "flow_state_expired")
            let empty = try await server.auth("token?grant_type=pkce", ["auth_code": "", "code_verifier": .string(verifier)])
            #expect(empty.json["code"] == "validation_failed")
        }
    }

    @Test(arguments: TestEngine.available)
    func anImplicitMagicLinkPutsTheSessionInTheFragmentWithSortedKeys(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            let sent = try await server.request(
                .POST, "/auth/v1/otp?redirect_to=\(FormEncodingForTests.encode(Self.callback))", json: ["email": "pat@example.com"],
                headers: GoTrue.versioned)
            #expect(sent.status == 200)
            let opened = try await server.requestNotFollowing(try Self.linkPath(server))
            #expect(opened.status == 303)
            let location = try #require(opened.header("Location"))
            #expect(location.hasPrefix(Self.callback + "#access_token="))
            let fragment = String(location.split(separator: "#")[1])
            let keys = fragment.split(separator: "&").map { String($0.split(separator: "=", maxSplits: 1)[0]) }
            #expect(keys == ["access_token", "expires_at", "expires_in", "refresh_token", "sb", "token_type", "type"])
            let values = GoTrue.form(fragment)
            #expect(values["type"] == "magiclink")
            #expect(values["token_type"] == "bearer")
            #expect(values["expires_in"] == "3600")
            #expect(values["sb"] == "")
            let access = try #require(values["access_token"])
            let me = try await server.request(.GET, "/auth/v1/user", headers: [("Authorization", "bearer \(access)")])
            #expect(me.json["id"]?.stringValue == user.userID)
        }
    }

    @Test(arguments: TestEngine.available)
    func aBadLinkRedirectsWithTheOTPExpiredErrorAndPKCELinksRepeatItInTheQuery(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let target = FormEncodingForTests.encode(Self.callback)
            let implicit = try await server.requestNotFollowing("/auth/v1/verify?token=made-up&type=magiclink&redirect_to=\(target)")
            #expect(implicit.status == 303)
            #expect(
                implicit.header("Location")
                    == Self.callback + "#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=")
            let pkce = try await server.requestNotFollowing("/auth/v1/verify?token=pkce_made-up&type=signup&redirect_to=\(target)")
            let location = try #require(pkce.header("Location"))
            #expect(location.hasPrefix(Self.callback + "?error=access_denied&error_code=otp_expired&error_description="))
            #expect(location.hasSuffix("#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb="))
        }
    }

    @Test(arguments: TestEngine.available)
    func redirectsOutsideTheAllowListGoToTheSiteURL(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.siteURL = "https://knot.example.com"
        settings.redirectAllowList = ["com.ronniejay.knot://*", "https://app.example.com/auth/*"]
        try await TestServer.knot(engine: engine, settings: settings) { server in
            let cases = [
                ("https://evil.example.com/steal", "https://knot.example.com"),
                ("https://app.example.com/auth/done#frag", "https://app.example.com/auth/done"),
                ("https://knot.example.com/welcome", "https://knot.example.com/welcome"),
                ("http://localhost:3000/cb", "http://localhost:3000/cb"),
                ("javascript:alert(1)", "https://knot.example.com"),
                ("com.ronniejay.knot://login-callback", "com.ronniejay.knot://login-callback"),
            ]
            for (requested, expected) in cases {
                let response = try await server.requestNotFollowing("/auth/v1/verify?token=made-up&type=magiclink&redirect_to=\(FormEncodingForTests.encode(requested))")
                #expect(response.header("Location")?.hasPrefix(expected + "#error=") == true, "\(requested) → \(response.header("Location") ?? "")")
            }
            _ = try await server.signUp("pat@example.com")
            _ = try await server.auth("otp", ["email": "pat@example.com"])
            let link = try #require(try server.lastMail()["link"]?.stringValue)
            #expect(link.hasPrefix("https://knot.example.com/auth/v1/verify?token="))
        }
    }
}

enum FormEncodingForTests {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
