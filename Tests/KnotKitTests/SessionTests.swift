import Foundation
import HearthClient
import HearthCore
import HearthTesting
import KnotKit
import KnotServer
import Testing

/// The Supabase-style session against the real auth server over loopback, on every engine.
@Suite("KnotKit — session")
struct SessionTests {
    typealias F = KnotKitFixtures

    @Test(arguments: TestEngine.available)
    func signUpSignInAndSignOut(engine: TestEngine) async throws {
        try await TestServer.knotKit(engine: engine) { server in
            let device = try KnotDevice.make(on: server)
            defer { device.remove() }
            let outcome = try await device.client.auth.signUp(email: "Session@Example.com", password: F.password)
            guard case .signedIn(let user) = outcome else {
                Issue.record("expected a session, got \(outcome)")
                return
            }
            #expect(user.email == "session@example.com")
            #expect(await device.client.auth.signedInUserID == user.id)
            let stored = try #require(try device.tokens.load())
            #expect(stored.userID == user.id)
            #expect(stored.accessExpiresAt.map { $0 > device.clock.now } == true)
            #expect(try await device.client.auth.user().id == user.id)
            #expect(try await device.client.vault.current() == nil)

            // Taken addresses and wrong passwords come back with GoTrue's codes.
            await #expect(throws: KnotError.auth(status: 422, code: "user_already_exists", message: "User already registered")) {
                _ = try await device.client.auth.signUp(email: "session@example.com", password: F.password)
            }
            await #expect(throws: KnotError.auth(status: 400, code: "invalid_credentials", message: "Invalid login credentials")) {
                try await device.client.auth.signIn(email: "session@example.com", password: "wrong password")
            }

            let other = try KnotDevice.make(on: server)
            defer { other.remove() }
            #expect(try await other.client.auth.signIn(email: "session@example.com", password: F.password).id == user.id)

            // Signing out everywhere ends the other device's session too.
            let oldToken = stored.accessToken
            try await device.client.auth.signOut()
            #expect(try device.tokens.load() == nil)
            let refused = try await server.request(.GET, "/api/v1/me", headers: [("Authorization", "Bearer \(oldToken)")])
            #expect(refused.status == 401)
            await #expect(throws: KnotError.signedOut) { _ = try await device.client.vault.current() }
            await #expect(throws: KnotError.signedOut) { _ = try await other.client.vault.current() }
            #expect(try other.tokens.load() == nil, "a session the server ended is forgotten")
        }
    }

    @Test func withoutTheAnonKeyTheAuthServerRefuses() async throws {
        try await TestServer.knotKit(engine: .sqlite) { server in
            let device = try KnotDevice.make(on: server, apiKey: nil)
            defer { device.remove() }
            await #expect {
                _ = try await device.client.auth.signUp(email: "nokey@example.com", password: F.password)
            } throws: { error in
                guard case KnotError.auth(let status, _, _) = error else { return false }
                return status == 401
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func refreshRotatesAndHappensBeforeExpiryAndAfterA401(engine: TestEngine) async throws {
        try await TestServer.knotKit(engine: engine) { server in
            let device = try await F.signedUp("rotate@example.com", on: server)
            defer { device.remove() }
            let first = try #require(try device.tokens.load())

            // Explicit refresh: a new pair, stored.
            let second = try await device.client.auth.refresh()
            #expect(second.refreshToken != first.refreshToken)
            #expect(try device.tokens.load() == second)

            // Ahead of expiry: with the clock an hour on, the next call renews first.
            device.clock.advance(seconds: 3600)
            #expect(try await device.client.vault.current() == nil)
            let third = try #require(try device.tokens.load())
            #expect(third.refreshToken != second.refreshToken)
            #expect(third.accessExpiresAt != nil)

            // After a 401: an access token the server refuses is renewed once, and the call retried.
            try device.tokens.save(
                Credentials(userID: third.userID, accessToken: "not-a-token", refreshToken: third.refreshToken, accessExpiresAt: third.accessExpiresAt))
            #expect(try await device.client.vault.current() == nil)
            let fourth = try #require(try device.tokens.load())
            #expect(fourth.refreshToken != third.refreshToken)
            #expect(fourth.accessToken != "not-a-token")
        }
    }

    @Test(arguments: TestEngine.available)
    func aReusedRefreshTokenEndsTheSessionAndTheClientSignsOut(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.refreshReuseIntervalSeconds = 0
        try await TestServer.knotKit(engine: engine, settings: settings) { server in
            let device = try await F.signedUp("reuse@example.com", on: server)
            defer { device.remove() }
            let stolen = try #require(try device.tokens.load()).refreshToken
            try await device.client.auth.refresh()
            try await device.client.auth.refresh()

            // Someone replays the grandparent token: the server ends the whole session.
            let replay = try await server.request(
                .POST, "/auth/v1/token?grant_type=refresh_token", json: ["refresh_token": .string(stolen)],
                headers: [("apikey", TestServer.knotAnonKey), ("X-Supabase-Api-Version", "2024-01-01")])
            #expect(replay.status == 400)
            #expect(replay.json["code"] == "refresh_token_already_used")

            await #expect(throws: KnotError.signedOut) { try await device.client.auth.refresh() }
            #expect(try device.tokens.load() == nil)
        }
    }
}
