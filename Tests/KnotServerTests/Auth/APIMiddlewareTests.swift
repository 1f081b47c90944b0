import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// ``KnotAuth/requireUser`` (spec §4.4, §13.12), through a probe route.
@Suite struct APIMiddlewareTests {
    @Test(arguments: TestEngine.available)
    func aValidBearerSetsTheUserAndTheSessionWhateverTheSchemesCase(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            let session = GoTrue.claims(user.accessToken)["session_id"]
            for scheme in ["Bearer", "bearer", "BEARER"] {
                let response = try await server.request(.GET, "/probe/user", headers: [("Authorization", "\(scheme) \(user.accessToken)")])
                #expect(response.status == 200)
                #expect(response.json["user_id"]?.stringValue == user.userID)
                #expect(response.json["session_id"] == session)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func everyOtherAuthorizationIs401WithAChallengeAndADetail(engine: TestEngine) async throws {
        let anonKey = String(repeating: "a", count: 40)
        var settings = KnotSettings()
        settings.anonKey = anonKey
        let clock = ManualWallClock()
        try await TestServer.knotProbe(engine: engine, settings: settings, clock: clock) { server in
            let user = try await server.signUp("pat@example.com")
            let other = KnotAuthKeysForTests.sign(["sub": .string(user.userID), "aud": "authenticated", "exp": 9_999_999_999, "session_id": "x"], secret: Array(repeating: 1, count: 32))
            let headers: [[(String, String)]] = [
                [], [("Authorization", "Basic abc")], [("Authorization", user.accessToken)], [("Authorization", "Bearer ")],
                [("Authorization", "Bearer \(user.accessToken)x")], [("Authorization", "Bearer \(other)")],
                [("Authorization", "Bearer \(anonKey)")],
            ]
            for header in headers {
                let response = try await server.request(.GET, "/probe/user", headers: header)
                #expect(response.status == 401, "\(header)")
                #expect(response.header("WWW-Authenticate") == "Bearer")
                #expect(response.json["detail"]?.stringValue?.isEmpty == false)
            }
            clock.advance(seconds: 3600)
            let expired = try await server.request(.GET, "/probe/user", headers: user.auth)
            #expect(expired.status == 401)
            #expect(expired.json["detail"]?.stringValue?.contains("expired") == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func aTokenOfADeletedUserIsRefused(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            #expect(try await server.request(.GET, "/probe/user", headers: user.auth).status == 200)
            try await server.platform.database.transaction { sql in
                try await sql.execute("DELETE FROM knot_auth_users WHERE id = ?", [.text(user.userID)])
            }
            #expect(try await server.request(.GET, "/probe/user", headers: user.auth).status == 401)
            let me = try await server.request(.GET, "/auth/v1/user", headers: GoTrue.versioned + user.auth)
            #expect(me.status == 403)
            #expect(me.json["code"] == "user_not_found")
        }
    }
}
