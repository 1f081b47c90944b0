import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// `GET /auth/v1/user` and `PUT /auth/v1/user` (research doc §5.7, Hearth decision 11).
@Suite struct UserRouteTests {
    @Test(arguments: TestEngine.available)
    func getUserAnswersTheBareUserOfTheToken(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            let response = try await server.request(.GET, "/auth/v1/user", headers: GoTrue.versioned + [("Authorization", "bearer \(user.accessToken)")])
            #expect(response.status == 200)
            #expect(response.json["id"]?.stringValue == user.userID)
            #expect(response.json["aud"] == "authenticated")
            #expect(response.json["identities"]?.arrayValue?.count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func getUserRefusesMissingForgedAndExpiredTokensWithGoTrueCodes(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            let user = try await server.signUp("pat@example.com")
            let none = try await server.request(.GET, "/auth/v1/user", headers: GoTrue.versioned)
            #expect(none.status == 401)
            #expect(none.json["code"] == "no_authorization")
            let forged = try await server.request(.GET, "/auth/v1/user", headers: GoTrue.versioned + [("Authorization", "Bearer \(user.accessToken)x")])
            #expect(forged.status == 403)
            #expect(forged.json["code"] == "bad_jwt")
            clock.advance(seconds: 3600)
            let expired = try await server.request(.GET, "/auth/v1/user", headers: GoTrue.versioned + user.auth)
            #expect(expired.status == 403)
            #expect(expired.json["code"] == "bad_jwt")
            #expect(expired.json["message"]?.stringValue?.contains("expired") == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func putUserMergesDataAndANullValueRemovesItsKey(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            let first = try await server.request(.PUT, "/auth/v1/user", json: ["data": ["name": "Pat", "theme": "dark"]], headers: GoTrue.versioned + user.auth)
            #expect(first.status == 200)
            #expect(first.json["user_metadata"] == ["name": "Pat", "theme": "dark"])
            let second = try await server.request(.PUT, "/auth/v1/user", json: ["data": ["theme": nil, "age": 30]], headers: GoTrue.versioned + user.auth)
            #expect(second.json["user_metadata"] == ["name": "Pat", "age": 30])
            let refreshed = try await server.auth("token?grant_type=refresh_token", ["refresh_token": .string(user.refreshToken)])
            #expect(GoTrue.claims(refreshed.json["access_token"]?.stringValue ?? "")["user_metadata"] == ["name": "Pat", "age": 30])
        }
    }

    @Test(arguments: TestEngine.available)
    func aNewPasswordWorksTheOldOneNotAndOtherSessionsEnd(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let phone = try await server.signUp("pat@example.com")
            let tablet = try await server.signIn("pat@example.com")
            let same = try await server.request(.PUT, "/auth/v1/user", json: ["password": "correct horse battery"], headers: GoTrue.versioned + phone.auth)
            #expect(same.status == 422)
            #expect(same.json["code"] == "same_password")
            let weak = try await server.request(.PUT, "/auth/v1/user", json: ["password": "abc"], headers: GoTrue.versioned + phone.auth)
            #expect(weak.status == 422)
            #expect(weak.json["weak_password"] == ["reasons": ["length"]])
            let changed = try await server.request(.PUT, "/auth/v1/user", json: ["password": "new battery staple"], headers: GoTrue.versioned + phone.auth)
            #expect(changed.status == 200)
            #expect(try await server.request(.GET, "/probe/user", headers: phone.auth).status == 200)
            #expect(try await server.request(.GET, "/probe/user", headers: tablet.auth).status == 401)
            #expect(try await server.signIn("pat@example.com", password: "new battery staple").userID == phone.userID)
            let old = try await server.auth("token?grant_type=password", ["email": "pat@example.com", "password": "correct horse battery"])
            #expect(old.json["code"] == "invalid_credentials")
        }
    }

    @Test(arguments: TestEngine.available)
    func anEmailChangeIsImmediateWithAutoconfirmAndRefusedForATakenAddress(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let pat = try await server.signUp("pat@example.com")
            _ = try await server.signUp("sam@example.com")
            let taken = try await server.request(.PUT, "/auth/v1/user", json: ["email": "SAM@example.com"], headers: GoTrue.versioned + pat.auth)
            #expect(taken.status == 422)
            #expect(taken.json["code"] == "email_exists")
            let moved = try await server.request(.PUT, "/auth/v1/user", json: ["email": "pat@new.example"], headers: GoTrue.versioned + pat.auth)
            #expect(moved.status == 200)
            #expect(moved.json["email"] == "pat@new.example")
            #expect(moved.json["identities"]?[0]?["identity_data"]?["email"] == "pat@new.example")
            #expect(try await server.signIn("pat@new.example").userID == pat.userID)
            #expect(try await server.count("knot_users", where: "email = ?", ["pat@new.example"]) == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func withConfirmationsOnAnEmailChangeWaitsForTheNewAddressToConfirm(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.mailerAutoconfirm = false
        try await TestServer.knot(engine: engine, settings: settings) { server in
            _ = try await server.auth("signup", ["email": "pat@example.com", "password": "correct horse battery"])
            let confirmation = try #require(try server.lastMail()["otp"]?.stringValue)
            let confirmed = try await server.auth("verify", ["type": "signup", "email": "pat@example.com", "token": .string(confirmation)])
            #expect(confirmed.status == 200)
            let pat = try await server.signIn("pat@example.com")
            let asked = try await server.request(.PUT, "/auth/v1/user", json: ["email": "pat@new.example"], headers: GoTrue.versioned + pat.auth)
            #expect(asked.status == 200)
            #expect(asked.json["email"] == "pat@example.com")
            let mail = try server.lastMail()
            #expect(mail["to"] == "pat@new.example")
            let code = try #require(mail["otp"]?.stringValue)
            let wrongType = try await server.auth("verify", ["type": "signup", "email": "pat@new.example", "token": .string(code)])
            #expect(wrongType.status == 403)
            let verified = try await server.auth("verify", ["type": "email_change", "email": "pat@new.example", "token": .string(code)])
            #expect(verified.status == 200)
            #expect(verified.json["user"]?["email"] == "pat@new.example")
        }
    }
}
