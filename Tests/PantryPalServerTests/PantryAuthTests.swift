import Foundation
import HearthCore
import HearthTesting
import Testing

/// Accounts and sessions (spec §2.1, W11, W24).
@Suite struct PantryAuthTests {
    @Test(arguments: TestEngine.available)
    func registrationAnswersTheOriginalShapeAndEmailsAreUniqueIgnoringCase(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let response = try await pantry.call(
                nil, .POST, "/api/auth/register", ["email": " Jane.Doe@Example.com ", "password": "long enough", "name": "Jane  van Doe"])
            #expect(response.status == 201)
            #expect(response.json["user"]?["firstName"] == "Jane")
            #expect(response.json["user"]?["lastName"] == "van Doe")
            #expect(response.json["user"]?["email"] == "Jane.Doe@Example.com")
            #expect(response.json["householdId"] == .null)
            #expect(response.json["token"]?.stringValue?.isEmpty == false)
            let again = try await pantry.call(nil, .POST, "/api/auth/register", ["email": "jane.doe@example.COM", "password": "long enough"])
            #expect(again.status == 400)
            #expect(again.json == ["error": "User already exists"])
            let login = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "JANE.DOE@example.com", "password": "long enough"])
            #expect(login.status == 200)
            #expect(login.json["user"]?["lastName"] == "van Doe")
        }
    }

    @Test(arguments: TestEngine.available)
    func passwordsOutsideEightTo128CharactersAreRefusedAndNothingIsCreated(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let short = try await pantry.call(nil, .POST, "/api/auth/register", ["email": "a@example.com", "password": "1234567"])
            #expect(short.status == 400)
            #expect(short.json["error"]?.stringValue?.contains("8 to 128") == true)
            let login = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "a@example.com", "password": "1234567"])
            #expect(login.status == 401)
            #expect(login.json == ["error": "Invalid credentials"])
            let missing = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "a@example.com"])
            #expect(missing.json == ["error": "Email and password are required"])
        }
    }

    @Test(arguments: TestEngine.available)
    func authFailuresAre401JSONWithACodeAndABearerChallenge(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let none = try await pantry.call(nil, .GET, "/api/auth/me")
            #expect(none.status == 401)
            #expect(none.json == ["error": "Unauthorized", "code": "TOKEN_MISSING"])
            #expect(none.header("WWW-Authenticate") == "Bearer")
            let forged = try await pantry.server.request(.GET, "/api/auth/me", headers: [("Authorization", "Bearer not.a.token")])
            #expect(forged.json["code"] == "TOKEN_INVALID")
        }
    }

    @Test(arguments: TestEngine.available)
    func logoutRevokesThatSessionAndLogoutAllRevokesEveryOne(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let phone = try await pantry.register("sam@example.com")
            let login = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "sam@example.com", "password": "correct horse battery"])
            var laptop = phone
            laptop.token = try #require(login.json["token"]?.stringValue)
            try await pantry.expect(pantry.call(phone, .POST, "/api/auth/logout"), 200)
            #expect(try await pantry.call(phone, .GET, "/api/auth/me").json["code"] == "TOKEN_REVOKED")
            try await pantry.expect(pantry.call(laptop, .GET, "/api/auth/me"), 200)
            try await pantry.expect(pantry.call(laptop, .POST, "/api/auth/logout-all"), 200)
            #expect(try await pantry.call(laptop, .GET, "/api/auth/me").json["code"] == "TOKEN_REVOKED")
        }
    }

    @Test(arguments: TestEngine.available)
    func refreshTokensRotateAndAReusedOneEndsTheSession(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let response = try await pantry.call(
                nil, .POST, "/api/auth/register", ["email": "kit@example.com", "password": "correct horse", "refreshable": true])
            #expect(response.json["expiresIn"] == 900)
            let first = try #require(response.json["refreshToken"]?.stringValue)
            let rotated = try await pantry.call(nil, .POST, "/api/auth/refresh", ["refreshToken": .string(first)])
            #expect(rotated.status == 200)
            let second = try #require(rotated.json["refreshToken"]?.stringValue)
            #expect(second != first)
            let token = try #require(rotated.json["token"]?.stringValue)
            let member = PantryServer.Member(id: "", email: "kit@example.com", token: token)
            try await pantry.expect(pantry.call(member, .GET, "/api/auth/me"), 200)
            let replayed = try await pantry.call(nil, .POST, "/api/auth/refresh", ["refreshToken": .string(first)])
            #expect(replayed.status == 401)
            #expect(replayed.json["code"] == "TOKEN_INVALID")
            #expect(try await pantry.call(member, .GET, "/api/auth/me").json["code"] == "TOKEN_REVOKED", "a stolen refresh token ends the session")
            #expect(try await pantry.call(nil, .POST, "/api/auth/refresh", ["refreshToken": .string(second)]).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func longLivedTokensOlderThanSevenDaysSlideAndExpireAfterThirty(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let member = try await pantry.register("slide@example.com")
            let fresh = try await pantry.call(member, .GET, "/api/auth/me")
            #expect(fresh.header("X-Refreshed-Token") == nil)
            clock.advance(seconds: 8 * 86_400)
            let old = try await pantry.call(member, .GET, "/api/auth/me")
            let renewed = try #require(old.header("X-Refreshed-Token"))
            clock.advance(seconds: 25 * 86_400)
            #expect(try await pantry.call(member, .GET, "/api/auth/me").json["code"] == "TOKEN_EXPIRED")
            var slid = member
            slid.token = renewed
            try await pantry.expect(pantry.call(slid, .GET, "/api/auth/me"), 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func meReportsEffectivePremiumAndBothCreatedAtSpellings(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let owner = try await pantry.owner("me@example.com")
            let expiry = Timestamp(millisecondsSince1970: clock.now.millisecondsSince1970 + 3_600_000)
            try await pantry.setPremium(try #require(owner.householdID), true, expiresAt: expiry.iso8601)
            let me = try await pantry.call(owner, .GET, "/api/auth/me").json
            #expect(me["household"]?["isPremium"] == true)
            #expect(me["household"]?["premiumExpiresAt"]?.stringValue?.count == 20, "YYYY-MM-DDTHH:MM:SSZ, no fraction")
            #expect(me["household"]?["created_at"] == me["household"]?["createdAt"])
            #expect(me["config"]?["freeLimit"] == 25)
            clock.advance(seconds: 3601)
            #expect(try await pantry.call(owner, .GET, "/api/auth/me").json["household"]?["isPremium"] == false)
        }
    }
}
