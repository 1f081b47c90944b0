import Foundation
import HearthCore
import HearthStore
import HearthTesting
import KnotServer
import Testing

/// `POST /auth/v1/signup` (spec §4.2, §13.13; research doc §5.1).
@Suite struct SignupTests {
    @Test(arguments: TestEngine.available)
    func withAutoconfirmASignUpAnswersAGoTrueSessionAndCreatesTheProfileWithDefaults(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            let response = try await server.auth("signup", ["email": "Pat@Example.com", "password": "correct horse battery", "data": ["name": "Pat"]])
            #expect(response.status == 200)
            let session = response.json
            #expect(session["token_type"] == "bearer")
            #expect(session["expires_in"] == 3600)
            #expect(session["expires_at"]?.intValue == clock.now.millisecondsSince1970 / 1000 + 3600)
            #expect(session["refresh_token"]?.stringValue?.isEmpty == false)
            let user = try #require(session["user"])
            #expect(user["aud"] == "authenticated")
            #expect(user["role"] == "authenticated")
            #expect(user["email"] == "pat@example.com")
            #expect(user["phone"] == "")
            #expect(user["is_anonymous"] == false)
            #expect(user["app_metadata"] == ["provider": "email", "providers": ["email"]])
            #expect(user["user_metadata"] == ["name": "Pat"])
            #expect(user["email_confirmed_at"]?.stringValue?.hasSuffix("000Z") == true)
            #expect(user["created_at"]?.stringValue?.count == "2026-01-01T00:00:00.000000Z".count)
            let id = try #require(user["id"]?.stringValue)
            let identity = try #require(user["identities"]?[0])
            #expect(identity["id"]?.stringValue == id)
            #expect(identity["user_id"]?.stringValue == id)
            #expect(identity["provider"] == "email")
            #expect(identity["identity_id"]?.stringValue?.count == 36)
            #expect(identity["identity_data"]?["email_verified"] == true)

            let claims = GoTrue.claims(try #require(session["access_token"]?.stringValue))
            #expect(claims["aud"] == "authenticated")
            #expect(claims["sub"]?.stringValue == id)
            #expect(claims["role"] == "authenticated")
            #expect(claims["aal"] == "aal1")
            #expect(claims["amr"]?[0]?["method"] == "password")
            #expect(claims["session_id"]?.stringValue?.count == 36)
            #expect(claims["is_anonymous"] == false)
            #expect(claims["iss"]?.stringValue?.hasSuffix("/auth/v1") == true)

            let profile = try await server.platform.database.read { sql in
                try await sql.queryFirst(
                    "SELECT email, quiet_hours_start, quiet_hours_end, timezone, notifications_enabled FROM knot_users WHERE id = ?", [.text(id)])
            }
            let row = try #require(profile)
            #expect(try row.string("email") == "pat@example.com")
            #expect(try row.int("quiet_hours_start") == 22)
            #expect(try row.int("quiet_hours_end") == 8)
            #expect(row["timezone"] == .null)
            #expect(try row.bool("notifications_enabled"))
            #expect(try server.knotOutbox().isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func withAutoconfirmASecondSignUpOfTheAddressIsUserAlreadyExists(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            _ = try await server.signUp("pat@example.com")
            let again = try await server.auth("signup", ["email": "PAT@example.com", "password": "another password"])
            #expect(again.status == 422)
            #expect(again.json == ["code": "user_already_exists", "message": "User already registered"])
            #expect(try await server.count("knot_auth_users") == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func withConfirmationsOnASignUpAnswersTheUserAndMailsAConfirmation(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.mailerAutoconfirm = false
        try await TestServer.knot(engine: engine, settings: settings) { server in
            let response = try await server.request(
                .POST, "/auth/v1/signup?redirect_to=com.ronniejay.knot%3A%2F%2Flogin-callback",
                json: ["email": "pat@example.com", "password": "correct horse battery"], headers: GoTrue.versioned)
            #expect(response.status == 200)
            #expect(response.json["access_token"] == nil)
            #expect(response.json["email"] == "pat@example.com")
            #expect(response.json["confirmation_sent_at"]?.stringValue != nil)
            #expect(response.json["email_confirmed_at"] == nil)
            #expect(response.json["identities"]?.arrayValue?.count == 1)
            let mail = try server.lastMail()
            #expect(mail["to"] == "pat@example.com")
            let link = try #require(mail["link"]?.stringValue)
            #expect(link.contains("/auth/v1/verify?token="))
            #expect(link.contains("type=signup"))
            #expect(link.contains("redirect_to=com.ronniejay.knot%3A%2F%2Flogin-callback"))
            #expect(mail["otp"]?.stringValue?.count == 6)
            #expect(mail["text"]?.stringValue?.contains(mail["otp"]?.stringValue ?? "-") == true)

            let signIn = try await server.auth("token?grant_type=password", ["email": "pat@example.com", "password": "correct horse battery"])
            #expect(signIn.status == 400)
            #expect(signIn.json == ["code": "email_not_confirmed", "message": "Email not confirmed"])
        }
    }

    @Test(arguments: TestEngine.available)
    func withConfirmationsOnAConfirmedAddressGetsADecoyUserAndNoMail(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.mailerAutoconfirm = false
        settings.emailRateLimitSeconds = 0
        try await TestServer.knot(engine: engine, settings: settings) { server in
            let first = try await server.auth("signup", ["email": "pat@example.com", "password": "correct horse battery"])
            let code = try #require(try server.lastMail()["otp"]?.stringValue)
            let verified = try await server.auth("verify", ["type": "signup", "email": "pat@example.com", "token": .string(code)])
            #expect(verified.status == 200)
            let mails = try server.knotOutbox().count
            let again = try await server.auth("signup", ["email": "pat@example.com", "password": "attacker password"])
            #expect(again.status == 200)
            #expect(again.json["identities"] == [])
            #expect(again.json["id"] != first.json["id"])
            #expect(try server.knotOutbox().count == mails)
            #expect(try await server.signIn("pat@example.com").userID == first.json["id"]?.stringValue)
        }
    }

    @Test(arguments: TestEngine.available)
    func badInputIsRefusedWithGoTrueCodesAndNothingIsStored(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let cases: [(JSONValue, Int, String)] = [
                (["email": "not-an-email", "password": "correct horse battery"], 400, "validation_failed"),
                (["password": "correct horse battery"], 400, "validation_failed"),
                (["email": "pat@example.com"], 400, "validation_failed"),
                (["email": "pat@example.com", "password": nil], 400, "validation_failed"),
                (["email": "pat@example.com", "password": .string(String(repeating: "x", count: 73))], 422, "validation_failed"),
                (["email": .string(String(repeating: "a", count: 250) + "@x.io"), "password": "correct horse battery"], 400, "validation_failed"),
                (["email": 42, "password": "correct horse battery"], 400, "bad_json"),
                (["email": "pat@example.com", "password": "correct horse battery", "data": "text"], 400, "bad_json"),
                (["email": "pat@example.com", "password": "correct horse battery", "data": ["a": ["b": ["c": ["d": ["e": 1]]]]]], 400, "validation_failed"),
                (["email": "pat@example.com", "password": "correct horse battery", "data": ["blob": .string(String(repeating: "x", count: 17_000))]], 400, "validation_failed"),
                (["email": "pat@example.com", "password": "correct horse battery", "code_challenge": "short", "code_challenge_method": "s256"], 400, "validation_failed"),
                (["email": "pat@example.com", "password": "correct horse battery", "code_challenge_method": "s256"], 400, "validation_failed"),
            ]
            for (body, status, code) in cases {
                let response = try await server.auth("signup", body)
                #expect(response.status == status, "\(body)")
                #expect(response.json["code"]?.stringValue == code, "\(body): \(response.text)")
            }
            let notJSON = try await server.request(.POST, "/auth/v1/signup", headers: GoTrue.versioned, body: Array("{oops".utf8))
            #expect(notJSON.status == 400)
            #expect(notJSON.json["code"] == "bad_json")
            #expect(try await server.count("knot_auth_users") == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func aShortPasswordIsWeakPasswordWithReasonsInBothErrorShapes(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let versioned = try await server.auth("signup", ["email": "pat@example.com", "password": "12345"])
            #expect(versioned.status == 422)
            #expect(versioned.header("X-Supabase-Api-Version") == "2024-01-01")
            #expect(
                versioned.json == [
                    "code": "weak_password", "message": "Password should be at least 6 characters.", "weak_password": ["reasons": ["length"]],
                ])
            let legacy = try await server.auth("signup", ["email": "pat@example.com", "password": "12345"], headers: [])
            #expect(legacy.status == 422)
            #expect(legacy.header("x-sb-error-code") == "weak_password")
            #expect(legacy.header("X-Supabase-Api-Version") == nil)
            #expect(
                legacy.json == [
                    "code": 422, "error_code": "weak_password", "msg": "Password should be at least 6 characters.",
                    "weak_password": ["reasons": ["length"]],
                ])
        }
    }

    @Test(arguments: TestEngine.available)
    func theBodyIsReadAsJSONWhateverItsContentTypeAndUnknownKeysAndNullsAreIgnored(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            // The body supabase-py sends (research doc D1.2).
            let body: JSONValue = [
                "email": "py@example.com", "password": "correct horse battery", "data": [:], "gotrue_meta_security": ["captcha_token": nil],
                "code_challenge": nil, "code_challenge_method": nil,
            ]
            let response = try await server.request(
                .POST, "/auth/v1/signup", headers: [("Content-Type", "text/plain;charset=UTF-8")] + GoTrue.versioned, body: body.serialized())
            #expect(response.status == 200)
            #expect(response.json["user"]?["user_metadata"] == [:])
        }
    }
}
