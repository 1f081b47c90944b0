import Foundation
import HearthCore
import HearthServer
import HearthTesting
import KnotServer
import Testing

/// `POST /auth/v1/token?grant_type=password` (research doc §3.3, §5.2).
@Suite struct PasswordGrantTests {
    @Test(arguments: TestEngine.available)
    func theRightPasswordAnswersANewSessionForTheSameUser(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let signedUp = try await server.signUp("pat@example.com")
            // supabase-py sends its stale access token with every later call: public routes ignore it.
            let response = try await server.request(
                .POST, "/auth/v1/token?grant_type=password",
                json: ["email": "PAT@example.com ", "password": "correct horse battery", "data": [:], "gotrue_meta_security": ["captcha_token": nil]],
                headers: GoTrue.versioned + [("Authorization", "Bearer expired.or.foreign")])
            #expect(response.status == 200)
            #expect(response.json["user"]?["id"]?.stringValue == signedUp.userID)
            #expect(response.json["user"]?["last_sign_in_at"]?.stringValue != nil)
            let claims = GoTrue.claims(try #require(response.json["access_token"]?.stringValue))
            #expect(claims["session_id"] != GoTrue.claims(signedUp.accessToken)["session_id"])
            #expect(response.json["refresh_token"]?.stringValue != signedUp.refreshToken)
        }
    }

    @Test(arguments: TestEngine.available)
    func wrongPasswordAndUnknownAddressAreTheSameInvalidCredentialsInBothShapes(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            _ = try await server.signUp("pat@example.com")
            for body: JSONValue in [
                ["email": "pat@example.com", "password": "wrong password"], ["email": "nobody@example.com", "password": "correct horse battery"],
                ["email": "pat@example.com"], ["email": "pat@example.com", "password": .string(String(repeating: "y", count: 100))],
            ] {
                let versioned = try await server.auth("token?grant_type=password", body)
                #expect(versioned.status == 400)
                #expect(versioned.json == ["code": "invalid_credentials", "message": "Invalid login credentials"])
                #expect(versioned.header("X-Supabase-Api-Version") == "2024-01-01")
                let legacy = try await server.auth("token?grant_type=password", body, headers: [])
                #expect(legacy.status == 400)
                #expect(legacy.json == ["code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"])
                #expect(legacy.header("x-sb-error-code") == "invalid_credentials")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func missingEmailAndUnknownGrantTypesAreRefused(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let missing = try await server.auth("token?grant_type=password", ["password": "x", "email": nil])
            #expect(missing.status == 400)
            #expect(missing.json == ["code": "validation_failed", "message": "missing email or phone"])
            let unknown = try await server.auth("token?grant_type=client_credentials", [:])
            #expect(unknown.status == 400)
            #expect(unknown.json == ["code": "invalid_credentials", "message": "unsupported_grant_type"])
            let none = try await server.auth("token", [:])
            #expect(none.json["code"] == "invalid_credentials")
        }
    }

    @Test(arguments: TestEngine.available)
    func signInAttemptsAreThrottledPerAccount(engine: TestEngine) async throws {
        var configuration = TestServer.testConfiguration()
        configuration.authRequestsPerMinutePerAccount = 3
        try await TestServer.knot(engine: engine, configuration: configuration) { server in
            for _ in 0..<3 {
                let wrong = try await server.auth("token?grant_type=password", ["email": "pat@example.com", "password": "guess"])
                #expect(wrong.status == 400)
            }
            let limited = try await server.auth("token?grant_type=password", ["email": "pat@example.com", "password": "guess"])
            #expect(limited.status == 429)
            #expect(limited.json["code"] == "over_request_rate_limit")
            #expect(limited.header("Retry-After") != nil)
            let other = try await server.auth("token?grant_type=password", ["email": "other@example.com", "password": "guess"])
            #expect(other.status == 400)
        }
    }
}
