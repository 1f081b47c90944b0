import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// `/auth/v1/settings`, `/auth/v1/health` and the PostgREST caller rule (research doc §5.9, §8).
@Suite struct SettingsAndCallerTests {
    @Test(arguments: TestEngine.available)
    func settingsListEveryProviderAndHealthNamesGoTrue(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.mailerAutoconfirm = false
        try await TestServer.knot(engine: engine, settings: settings) { server in
            let response = try await server.request(.GET, "/auth/v1/settings")
            #expect(response.status == 200)
            let external = try #require(response.json["external"]?.objectValue)
            #expect(external.count == 26)
            #expect(external["email"] == true)
            #expect(external["apple"] == true)
            #expect(external["google"] == false)
            #expect(response.json["mailer_autoconfirm"] == false)
            #expect(response.json["disable_signup"] == false)
            let health = try await server.request(.GET, "/auth/v1/health")
            #expect(health.json["name"] == "GoTrue")
            #expect(health.json["version"]?.stringValue?.isEmpty == false)
        }
    }

    @Test(arguments: TestEngine.available)
    func thePostgRESTCallerChecksOnlySignatureExpiryAndAudience(engine: TestEngine) async throws {
        let anonKey = "anon-" + String(repeating: "a", count: 40)
        let secret = Array("an operator's jwt secret of 32+ chars".utf8)
        var settings = KnotSettings()
        settings.anonKey = anonKey
        settings.jwtSecret = secret
        let clock = ManualWallClock()
        try await TestServer.knotProbe(engine: engine, settings: settings, clock: clock) { server in
            let user = try await server.signUp("pat@example.com")
            let signedIn = try await server.request(.GET, "/probe/postgrest", headers: user.auth)
            #expect(signedIn.json == ["caller": .string(user.userID)])
            for anonymous in [[], [("Authorization", "Bearer \(anonKey)")], [("Authorization", "Basic abc")]] {
                #expect(try await server.request(.GET, "/probe/postgrest", headers: anonymous).json == ["caller": nil])
            }
            // PostgREST does not look at sessions: a signed-out token still names its user.
            _ = try await server.request(.POST, "/auth/v1/logout", headers: user.auth + server.knotAPIKeyHeaders)
            #expect(try await server.request(.GET, "/probe/postgrest", headers: user.auth).json == ["caller": .string(user.userID)])

            let wrongAudience = KnotAuthKeysForTests.sign(["sub": "x", "aud": "other", "exp": 9_999_999_999], secret: secret)
            let audience = try await server.request(.GET, "/probe/postgrest", headers: [("Authorization", "Bearer \(wrongAudience)")])
            #expect(audience.json["code"] == "PGRST303")
            let forged = try await server.request(.GET, "/probe/postgrest", headers: [("Authorization", "Bearer \(user.accessToken)x")])
            #expect(forged.json == ["code": "PGRST301", "message": "JWT cryptographic operation failed"])
            let parts = try await server.request(.GET, "/probe/postgrest", headers: [("Authorization", "Bearer abc")])
            #expect(parts.json == ["code": "PGRST301", "message": "Expected 3 parts in JWT; got 1"])
            clock.advance(seconds: 3600)
            let expired = try await server.request(.GET, "/probe/postgrest", headers: user.auth)
            #expect(expired.status == 401)
            #expect(expired.json == ["code": "PGRST303", "message": "JWT expired"])
            #expect(expired.header("WWW-Authenticate") == "Bearer error=\"invalid_token\", error_description=\"JWT expired\"")
        }
    }
}
