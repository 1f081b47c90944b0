import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// Rotation and reuse of refresh tokens (spec §13.14 as corrected by research doc §6).
@Suite struct RefreshTokenTests {
    static func refresh(_ server: TestServer, _ token: String) async throws -> TestResponse {
        try await server.auth("token?grant_type=refresh_token", ["refresh_token": .string(token)])
    }

    @Test(arguments: TestEngine.available)
    func aRefreshRotatesTheTokenAndKeepsTheSessionAndItsMethods(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            let user = try await server.signUp("pat@example.com")
            clock.advance(seconds: 60)
            let response = try await Self.refresh(server, user.refreshToken)
            #expect(response.status == 200)
            let r2 = try #require(response.json["refresh_token"]?.stringValue)
            #expect(r2 != user.refreshToken)
            #expect(r2.count >= 43)
            #expect(response.json["user"]?["id"]?.stringValue == user.userID)
            let before = GoTrue.claims(user.accessToken)
            let after = GoTrue.claims(try #require(response.json["access_token"]?.stringValue))
            #expect(after["session_id"] == before["session_id"])
            #expect(after["amr"] == before["amr"])
            #expect(after["iat"]?.intValue == (before["iat"]?.intValue ?? 0) + 60)
            // Only hashes are stored.
            #expect(try await server.count("knot_auth_refresh_tokens", where: "token_hash = ?", [SHA256Text.hex(user.refreshToken)]) == 1)
            #expect(try await server.count("knot_auth_refresh_tokens", where: "token_hash = ? OR id = ?", [user.refreshToken, user.refreshToken]) == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func theParentOfTheActiveTokenGetsTheActiveTokenAgainWithoutANewChild(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            let user = try await server.signUp("pat@example.com")
            let r2 = try #require(try await Self.refresh(server, user.refreshToken).json["refresh_token"]?.stringValue)
            clock.advance(seconds: 3600)
            // A client whose answer was lost retries with R1, long after: it gets R2 back.
            let retried = try await Self.refresh(server, user.refreshToken)
            #expect(retried.status == 200)
            #expect(retried.json["refresh_token"]?.stringValue == r2)
            #expect(try await server.count("knot_auth_refresh_tokens") == 2)
            let r3 = try await Self.refresh(server, r2)
            #expect(r3.status == 200)
            #expect(r3.json["refresh_token"]?.stringValue != r2)
        }
    }

    @Test(arguments: TestEngine.available)
    func anOlderTokenWithinTheReuseIntervalGetsTheCurrentToken(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            let user = try await server.signUp("pat@example.com")
            let r2 = try #require(try await Self.refresh(server, user.refreshToken).json["refresh_token"]?.stringValue)
            let r3 = try #require(try await Self.refresh(server, r2).json["refresh_token"]?.stringValue)
            clock.advance(seconds: 9)
            let reused = try await Self.refresh(server, user.refreshToken)
            #expect(reused.status == 200)
            #expect(reused.json["refresh_token"]?.stringValue == r3)
        }
    }

    @Test(arguments: TestEngine.available)
    func anOlderTokenReusedAfterTheIntervalEndsTheSession(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            let user = try await server.signUp("pat@example.com")
            let r2 = try #require(try await Self.refresh(server, user.refreshToken).json["refresh_token"]?.stringValue)
            let third = try await Self.refresh(server, r2)
            let r3 = try #require(third.json["refresh_token"]?.stringValue)
            let access = try #require(third.json["access_token"]?.stringValue)
            clock.advance(seconds: 11)
            let reused = try await Self.refresh(server, user.refreshToken)
            #expect(reused.status == 400)
            #expect(reused.json == ["code": "refresh_token_already_used", "message": "Invalid Refresh Token: Already Used"])
            // The whole session is gone: its newest refresh token and its access tokens too.
            let current = try await Self.refresh(server, r3)
            #expect(current.status == 400)
            #expect(current.json["code"] == "refresh_token_not_found")
            let me = try await server.request(.GET, "/auth/v1/user", headers: GoTrue.versioned + [("Authorization", "Bearer \(access)")])
            #expect(me.status == 403)
            #expect(me.json["code"] == "session_not_found")
            // Another session of the user is untouched.
            #expect(try await server.signIn("pat@example.com").userID == user.userID)
        }
    }

    @Test(arguments: TestEngine.available)
    func unknownAndEmptyRefreshTokensAreRefused(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let unknown = try await Self.refresh(server, "made-up-token")
            #expect(unknown.status == 400)
            #expect(unknown.json == ["code": "refresh_token_not_found", "message": "Invalid Refresh Token: Refresh Token Not Found"])
            let empty = try await server.auth("token?grant_type=refresh_token", ["refresh_token": ""])
            #expect(empty.status == 400)
            #expect(empty.json == ["error": "invalid_request", "error_description": "refresh_token required"])
            #expect(empty.header("X-Supabase-Api-Version") == nil)
        }
    }

    @Test(arguments: TestEngine.available)
    func concurrentRefreshesOfOneTokenConvergeOnOneCurrentToken(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<4 { group.addTask { try await Self.refresh(server, user.refreshToken) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == 200 })
            #expect(Set(answers.compactMap { $0.json["refresh_token"]?.stringValue }).count == 1)
            #expect(try await server.count("knot_auth_refresh_tokens", where: "revoked = 0") == 1)
        }
    }
}
