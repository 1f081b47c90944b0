import HearthCore
import HearthTesting
import Testing

/// ListAll accounts on the platform auth core: Wish With Me's v2 answer shape, rotation and
/// reuse detection, and tokens that only ListAll accepts.
@Suite struct ListAllAuthTests {
    @Test(arguments: TestEngine.available)
    func registrationAnswersTheTokenPairAndTheUser(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let response = try await server.request(
                .POST, "/api/v1/auth/register", json: ["email": "Ann@Example.com", "password": "correct horse", "name": "Ann"])
            #expect(response.status == 201)
            let body = response.json
            #expect(body["token_type"] == "bearer")
            #expect(body["expires_in"]?.intValue ?? 0 > 0)
            #expect(body["access_token"]?.stringValue?.isEmpty == false)
            #expect(body["refresh_token"]?.stringValue?.isEmpty == false)
            #expect(body["user"]?["email"] == "ann@example.com")
            #expect(body["user"]?["name"] == "Ann")
            let userID = try #require(body["user"]?["id"]?.stringValue)
            let token = try #require(body["access_token"]?.stringValue)
            let me = try await server.request(.GET, "/api/v1/auth/me", headers: [("Authorization", "Bearer \(token)")])
            #expect(me.status == 200)
            #expect(me.json == ["id": .string(userID), "email": "ann@example.com", "name": "Ann"])

            let again = try await server.request(
                .POST, "/api/v1/auth/register", json: ["email": "ann@example.com", "password": "another one", "name": "Ann"])
            #expect(again.status == 409)
        }
    }

    @Test(arguments: TestEngine.available)
    func badRegistrationsAreRefusedWithTheFieldNamed(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let cases: [(JSONValue, String)] = [
                (["email": "not-an-email", "password": "correct horse", "name": "A"], "email"),
                (["email": "a@example.com", "password": "short", "name": "A"], "password"),
                (["email": "a@example.com", "password": "correct horse", "name": "   "], "name"),
                (["email": "a@example.com", "password": "correct horse"], "name"),
                (["email": "a@example.com", "password": 12345678, "name": "A"], "password"),
            ]
            for (body, field) in cases {
                let response = try await server.request(.POST, "/api/v1/auth/register", json: body)
                #expect(response.status == 422, "\(body)")
                #expect(response.json["error"]?["message"]?.stringValue?.contains(field) == true, "\(response.text)")
            }
            let login = try await server.request(.POST, "/api/v1/auth/login", json: ["email": "a@example.com", "password": "correct horse"])
            #expect(login.status == 401, "nothing was created")
        }
    }

    @Test(arguments: TestEngine.available)
    func refreshTokensRotateAndAReusedOneEndsTheFamily(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("rotate@example.com")
            let login = try await server.request(
                .POST, "/api/v1/auth/login", json: ["email": "ROTATE@example.com", "password": "correct horse"])
            #expect(login.status == 200)
            #expect(login.json["user"]?["id"] == .string(user.id))

            let first = try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": .string(user.refreshToken)])
            #expect(first.status == 200)
            let next = try #require(first.json["refresh_token"]?.stringValue)
            #expect(next != user.refreshToken)
            #expect(first.json["user"]?["id"] == .string(user.id))

            let graced = try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": .string(user.refreshToken)])
            #expect(graced.status == 200, "one concurrent retry within the grace period is tolerated")
            let reuse = try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": .string(user.refreshToken)])
            #expect(reuse.status == 401)
            let successor = try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": .string(next)])
            #expect(successor.status == 401, "reuse of a rotated token revokes its whole family")
        }
    }

    @Test(arguments: TestEngine.available)
    func logoutRevokesTheRefreshToken(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("bye@example.com")
            let logout = try await server.request(.POST, "/api/v1/auth/logout", json: ["refresh_token": .string(user.refreshToken)])
            #expect(logout.status == 204)
            let refresh = try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": .string(user.refreshToken)])
            #expect(refresh.status == 401)
            let wrongPassword = try await server.request(.POST, "/api/v1/auth/login", json: ["email": "bye@example.com", "password": "wrong password"])
            #expect(wrongPassword.status == 401)
        }
    }
}
