import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// `POST /auth/v1/logout` scopes and what an ended session means for `/auth/v1/user` and
/// the Knot API (spec §13.15; research doc §3.3, §5.8).
@Suite struct SessionEndTests {
    static func logout(_ server: TestServer, _ user: KnotTestUser, scope: String) async throws -> TestResponse {
        try await server.request(.POST, "/auth/v1/logout?scope=\(scope)", headers: GoTrue.versioned + user.auth)
    }

    static func probe(_ server: TestServer, _ user: KnotTestUser) async throws -> TestResponse {
        try await server.request(.GET, "/probe/user", headers: user.auth)
    }

    @Test(arguments: TestEngine.available)
    func globalLogoutEndsEverySessionOfTheUser(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let phone = try await server.signUp("pat@example.com")
            let tablet = try await server.signIn("pat@example.com")
            let other = try await server.signUp("sam@example.com")
            let response = try await Self.logout(server, phone, scope: "global")
            #expect(response.status == 204)
            #expect(response.body.isEmpty)
            for ended in [phone, tablet] {
                let user = try await server.request(.GET, "/auth/v1/user", headers: GoTrue.versioned + ended.auth)
                #expect(user.status == 403)
                #expect(user.json == ["code": "session_not_found", "message": "Session from session_id claim in JWT does not exist"])
                let api = try await Self.probe(server, ended)
                #expect(api.status == 401)
                #expect(api.header("WWW-Authenticate") == "Bearer")
                #expect(api.json["detail"]?.stringValue?.isEmpty == false)
                let refresh = try await server.auth("token?grant_type=refresh_token", ["refresh_token": .string(ended.refreshToken)])
                #expect(refresh.json["code"] == "refresh_token_not_found")
            }
            #expect(try await Self.probe(server, other).status == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func localLogoutEndsOnlyTheTokensSessionAndOthersEveryOtherOne(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let first = try await server.signUp("pat@example.com")
            let second = try await server.signIn("pat@example.com")
            let third = try await server.signIn("pat@example.com")
            #expect(try await Self.logout(server, first, scope: "local").status == 204)
            #expect(try await Self.probe(server, first).status == 401)
            #expect(try await Self.probe(server, second).status == 200)
            #expect(try await Self.logout(server, second, scope: "others").status == 204)
            #expect(try await Self.probe(server, second).status == 200)
            #expect(try await Self.probe(server, third).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func theDefaultScopeIsGlobalAndAnUnknownScopeIsRefused(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let first = try await server.signUp("pat@example.com")
            let second = try await server.signIn("pat@example.com")
            let bad = try await Self.logout(server, first, scope: "everything")
            #expect(bad.status == 400)
            #expect(bad.json == ["code": "validation_failed", "message": "Unsupported logout scope \"everything\""])
            #expect(try await Self.probe(server, first).status == 200)
            let response = try await server.request(.POST, "/auth/v1/logout", headers: first.auth)
            #expect(response.status == 204)
            #expect(try await Self.probe(server, second).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func logoutNeedsAValidBearer(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let none = try await server.request(.POST, "/auth/v1/logout", headers: GoTrue.versioned)
            #expect(none.status == 401)
            #expect(none.json == ["code": "no_authorization", "message": "This endpoint requires a valid Bearer token"])
            let forged = try await server.request(.POST, "/auth/v1/logout", headers: GoTrue.versioned + [("Authorization", "Bearer a.b.c")])
            #expect(forged.status == 403)
            #expect(forged.json["code"] == "bad_jwt")
        }
    }

    @Test(arguments: TestEngine.available)
    func aSignedOutTokenNoLongerReachesTheKnotAPI(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            let me = try await server.request(.GET, "/api/v1/me", headers: user.auth)
            #expect(me.status == 200)
            #expect(me.json["user_id"]?.stringValue == user.userID)
            #expect(try await Self.logout(server, user, scope: "global").status == 204)
            let after = try await server.request(.GET, "/api/v1/me", headers: user.auth)
            #expect(after.status == 401)
            #expect(after.header("WWW-Authenticate") == "Bearer")
        }
    }
}
