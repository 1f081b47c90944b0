import HearthCore
import HearthTesting
import Testing

/// Auth v2 (spec §2) over HTTP: the original shapes, and the hardened token rules.
@Suite struct WishWithMeAuthTests {
    @Test(arguments: TestEngine.available)
    func registrationAnswersTheFiveKeysTheIOSDecoderRequires(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let response = try await server.request(
                .POST, "/api/v2/auth/register", json: ["email": "Alice@Example.com", "password": "12345678", "name": "Alice"])
            #expect(response.status == 201)
            let json = response.json
            #expect(json["token_type"] == "bearer")
            #expect(json["expires_in"] == 900)
            #expect(json["access_token"]?.stringValue?.split(separator: ".").count == 3)
            #expect(json["refresh_token"]?.stringValue?.count == 43)
            let user = try #require(json["user"])
            #expect(user["id"]?.stringValue?.hasPrefix("user:") == true)
            #expect(user["email"] == "alice@example.com")
            #expect(user["name"] == "Alice")
            #expect(user["locale"] == "ru")
            #expect(user["avatar_base64"]?.stringValue?.hasPrefix("data:image/svg+xml;base64,PHN2Zy") == true)
            #expect(user["_rev"] == nil && user["password_hash"] == nil && user["access"] == nil)
            #expect(user["created_at"]?.stringValue?.hasSuffix("+00:00") == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func aTakenEmailIsAConflictWhateverItsCase(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            _ = try await server.register("bob@example.com")
            let again = try await server.request(
                .POST, "/api/v2/auth/register", json: ["email": "BOB@example.com", "password": "12345678", "name": "Bob"])
            #expect(again.status == 409)
            #expect(again.json["detail"] == "Email already registered")
            #expect(again.json["error"]?["code"] == "CONFLICT")
        }
    }

    @Test(arguments: TestEngine.available)
    func invalidRegistrationsAre422InBothErrorShapes(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let bodies: [JSONValue] = [
                ["email": "not-an-email", "password": "12345678", "name": "A"],
                ["email": "a@example.com", "password": "short", "name": "A"],
                ["email": "a@example.com", "password": .string(String(repeating: "x", count: 129)), "name": "A"],
                ["email": "a@example.com", "password": "12345678", "name": ""],
                ["email": "a@example.com", "password": "12345678", "name": "A", "locale": "de"],
                ["email": "a@example.com", "password": 12_345_678, "name": "A"],
                ["email": "a@example.com", "password": "12345678", "name": .string(String(repeating: "e\u{301}", count: 60))],
            ]
            for body in bodies {
                let response = try await server.request(.POST, "/api/v2/auth/register", json: body)
                #expect(response.status == 422, "\(body)")
                #expect(response.json["detail"]?[0]?["msg"]?.stringValue != nil)
                #expect(response.json["error"]?["code"] == "VALIDATION_ERROR")
            }
            let login = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "a@example.com", "password": "12345678"])
            #expect(login.status == 401, "nothing was registered by the invalid attempts")
            let combining = "e" + String(repeating: "\u{301}", count: 7)
            let eightCodePoints = try await server.request(
                .POST, "/api/v2/auth/register", json: ["email": "cp@example.com", "password": .string(combining), "name": "A"])
            #expect(eightCodePoints.status == 201, "lengths count code points, not grapheme clusters")
        }
    }

    @Test(arguments: TestEngine.available)
    func loginChecksThePasswordAndNeverSaysWhichPartWasWrong(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let carol = try await server.register("carol@example.com", password: "long enough password")
            let good = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "CAROL@example.com", "password": "long enough password"])
            #expect(good.status == 200)
            #expect(good.json["user"]?["id"] == .string(carol.id))
            let wrong = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "carol@example.com", "password": "wrong password"])
            let unknown = try await server.request(.POST, "/api/v2/auth/login", json: ["email": "nobody@example.com", "password": "wrong password"])
            #expect(wrong.status == 401 && unknown.status == 401)
            #expect(wrong.json["detail"] == "Invalid email or password")
            #expect(wrong.json == unknown.json)
        }
    }

    @Test(arguments: TestEngine.available)
    func refreshRotatesAndAReusedTokenRevokesTheFamily(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let dave = try await server.register("dave@example.com")
            let first = try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(dave.refreshToken)])
            #expect(first.status == 200)
            #expect(first.json["user"] == nil)
            #expect(first.json["token_type"] == "bearer")
            let successor = try #require(first.json["refresh_token"]?.stringValue)
            #expect(successor != dave.refreshToken)
            // Second use of the rotated token (the grace allows one retry of a racing client).
            _ = try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(dave.refreshToken)])
            let theft = try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(dave.refreshToken)])
            #expect(theft.status == 401)
            #expect(theft.json["detail"] == "Invalid or expired refresh token")
            let afterTheft = try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(successor)])
            #expect(afterTheft.status == 401, "the whole family is revoked once a rotated token comes back")
        }
    }

    @Test(arguments: TestEngine.available)
    func logoutRevokesTheFamilyEvenWithAnAlreadyRotatedToken(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let erin = try await server.register("erin@example.com")
            let refreshed = try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(erin.refreshToken)])
            let successor = try #require(refreshed.json["refresh_token"]?.stringValue)
            let logout = try await server.request(
                .POST, "/api/v2/auth/logout", json: ["refresh_token": .string(erin.refreshToken)], headers: erin.auth)
            #expect(logout.status == 204)
            #expect(logout.body.isEmpty)
            let after = try await server.request(.POST, "/api/v2/auth/refresh", json: ["refresh_token": .string(successor)])
            #expect(after.status == 401)
            let noHeader = try await server.request(.POST, "/api/v2/auth/logout", json: ["refresh_token": "x"])
            #expect(noHeader.status == 401)
            #expect(noHeader.json["detail"] == "Authorization header required")
        }
    }

    @Test(arguments: TestEngine.available)
    func meReturnsTheStoredProfileAndRejectsBadTokensWithAChallenge(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let frank = try await server.register("frank@example.com", name: "Frank")
            let me = try await server.request(.GET, "/api/v2/auth/me", headers: frank.auth)
            #expect(me.status == 200)
            #expect(me.json["id"] == .string(frank.id))
            #expect(me.json["email"] == "frank@example.com")
            #expect(me.json["birthday"] == .null)
            for headers in [[], [("Authorization", "Bearer not.a.jwt")], [("Authorization", "Basic abc")]] {
                let response = try await server.request(.GET, "/api/v2/auth/me", headers: headers)
                #expect(response.status == 401)
                #expect(response.header("WWW-Authenticate") == "Bearer")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func everyResponseCarriesTheOriginalSecurityHeaders(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { (server: TestServer) async throws in
            let root = try await server.request(.GET, "/")
            #expect(root.json == ["message": "Wish With Me API", "version": "2.0.0"])
            #expect(root.header("X-Content-Type-Options") == "nosniff")
            #expect(root.header("X-Frame-Options") == "DENY")
            #expect(root.header("Strict-Transport-Security")?.hasPrefix("max-age=31536000") == true)
            let health = try await server.request(.GET, "/healthz")
            #expect(health.status == 200)
            #expect(health.json == ["status": "healthy", "couchdb": "healthy"])
            #expect(try await server.request(.GET, "/live").json == ["status": "alive"])
            #expect(try await server.request(.GET, "/ready").json == ["status": "ready"])
            let error = try await server.request(.GET, "/api/v2/auth/me")
            #expect(error.status == 401)
            #expect(error.header("X-Frame-Options") == "DENY", "errors carry the headers too")
            #expect(error.header("Referrer-Policy") == "strict-origin-when-cross-origin")
            let unknownRoute = try await server.request(.GET, "/no/such/route")
            #expect(unknownRoute.status == 404)
            #expect(unknownRoute.json["detail"] == "Not Found" || unknownRoute.json["detail"] != nil)
            #expect(unknownRoute.header("X-Content-Type-Options") == "nosniff")
        }
    }
}
