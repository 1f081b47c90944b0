import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// `grant_type=id_token` with Apple and Google tokens signed by a local JWKS (spec §4.3,
/// §13.17; research doc §5.3).
@Suite struct IDTokenGrantTests {
    static let appleSubject = "001122.apple.sub"

    static func appleClaims(_ clock: ManualWallClock, _ overrides: [String: JSONValue] = [:]) -> [String: JSONValue] {
        let now = clock.now.millisecondsSince1970 / 1000
        let base: [String: JSONValue] = [
            "iss": "https://appleid.apple.com", "aud": "com.ronniejay.knot", "exp": .int(now + 600), "iat": .int(now),
            "sub": .string(appleSubject), "email": "pat@privaterelay.appleid.com", "email_verified": "true",
            "nonce": .string(SHA256Text.hex("raw123")),
        ]
        return base.merging(overrides) { $1 }
    }

    static func signIn(_ server: TestServer, provider: String = "apple", token: String, nonce: JSONValue = "raw123") async throws -> TestResponse {
        try await server.auth(
            "token?grant_type=id_token",
            ["provider": .string(provider), "id_token": .string(token), "nonce": nonce, "access_token": nil, "link_identity": false])
    }

    @Test(arguments: TestEngine.available)
    func anAppleTokenWithTheHashedNonceSignsInAndTheSameSubjectIsTheSameUser(engine: TestEngine) async throws {
        let key = try IdentityProviderKey(keyID: "A1")
        let clock = ManualWallClock()
        try await key.serve { url in
            var settings = KnotSettings()
            settings.appleKeySetURL = url
            try await TestServer.knot(engine: engine, settings: settings, clock: clock) { server in
                let first = try await Self.signIn(server, token: try await key.sign(Self.appleClaims(clock)))
                #expect(first.status == 200)
                let user = try #require(first.json["user"])
                #expect(user["email"] == "pat@privaterelay.appleid.com")
                #expect(user["app_metadata"] == ["provider": "apple", "providers": ["apple"]])
                #expect(user["identities"]?[0]?["provider"] == "apple")
                #expect(user["identities"]?[0]?["id"]?.stringValue == Self.appleSubject)
                #expect(GoTrue.claims(first.json["access_token"]?.stringValue ?? "")["amr"]?[0]?["method"] == "oauth")
                #expect(try await server.count("knot_users", where: "id = ?", [user["id"]?.stringValue ?? ""]) == 1)

                // Apple sends the address only the first time.
                let again = try await Self.signIn(server, token: try await key.sign(Self.appleClaims(clock, ["email": nil, "email_verified": nil])))
                #expect(again.status == 200)
                #expect(again.json["user"]?["id"] == user["id"])
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func simultaneousFirstSignInsOfOnePersonEndInOneAccount(engine: TestEngine) async throws {
        let key = try IdentityProviderKey(keyID: "A1")
        let clock = ManualWallClock()
        try await key.serve { url in
            var settings = KnotSettings()
            settings.appleKeySetURL = url
            try await TestServer.knot(engine: engine, settings: settings, clock: clock) { server in
                let token = try await key.sign(Self.appleClaims(clock))
                let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                    for _ in 0..<4 { group.addTask { try await Self.signIn(server, token: token) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(responses.map(\.status) == [200, 200, 200, 200])
                #expect(Set(responses.compactMap { $0.json["user"]?["id"]?.stringValue }).count == 1)
                #expect(try await server.count("knot_auth_users") == 1)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func appleTokensFailingAnyCheckAreRefusedInTheOAuthShape(engine: TestEngine) async throws {
        let key = try IdentityProviderKey(keyID: "A1")
        let forger = try IdentityProviderKey(keyID: "A1")
        let clock = ManualWallClock()
        try await key.serve { url in
            var settings = KnotSettings()
            settings.appleKeySetURL = url
            try await TestServer.knot(engine: engine, settings: settings, clock: clock) { server in
                let now = clock.now.millisecondsSince1970 / 1000
                let cases: [(String, JSONValue, String)] = [
                    (try await key.sign(Self.appleClaims(clock)), "other", "Nonces mismatch"),
                    (try await key.sign(Self.appleClaims(clock)), nil, "Passed nonce and nonce in id_token should either both exist or not."),
                    (try await key.sign(Self.appleClaims(clock, ["nonce": nil])), "raw123", "Passed nonce and nonce in id_token should either both exist or not."),
                    (try await key.sign(Self.appleClaims(clock, ["aud": "com.example"])), "raw123", "Unacceptable audience in id_token"),
                    (try await key.sign(Self.appleClaims(clock, ["exp": .int(now - 120)])), "raw123", "Bad ID token"),
                    (try await forger.sign(Self.appleClaims(clock)), "raw123", "Bad ID token"),
                    ("not.a.token", "raw123", "Bad ID token"),
                ]
                for (token, nonce, description) in cases {
                    let response = try await Self.signIn(server, token: token, nonce: nonce)
                    #expect(response.status == 400)
                    #expect(response.json == ["error": "invalid request", "error_description": .string(description)])
                }
                #expect(try await server.count("knot_auth_users") == 0)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aVerifiedAppleEmailLinksTheExistingAccount(engine: TestEngine) async throws {
        let key = try IdentityProviderKey(keyID: "A1")
        let clock = ManualWallClock()
        try await key.serve { url in
            var settings = KnotSettings()
            settings.appleKeySetURL = url
            try await TestServer.knot(engine: engine, settings: settings, clock: clock) { server in
                let pat = try await server.signUp("pat@example.com")
                let response = try await Self.signIn(server, token: try await key.sign(Self.appleClaims(clock, ["email": "Pat@Example.com"])))
                #expect(response.status == 200)
                #expect(response.json["user"]?["id"]?.stringValue == pat.userID)
                #expect(response.json["user"]?["app_metadata"]?["providers"] == ["email", "apple"])
                #expect(response.json["user"]?["identities"]?.arrayValue?.count == 2)
                // An unverified address links nothing: a separate account without it.
                let unverified = try await Self.signIn(
                    server, token: try await key.sign(Self.appleClaims(clock, ["sub": "other.sub", "email": "pat@example.com", "email_verified": false])))
                #expect(unverified.status == 200)
                #expect(unverified.json["user"]?["id"]?.stringValue != pat.userID)
                #expect(unverified.json["user"]?["email"] == "")
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func googleTokensNeedConfiguredClientIDsAndSkipTheNonceCheck(engine: TestEngine) async throws {
        let key = try IdentityProviderKey(keyID: "G1")
        let clock = ManualWallClock()
        try await key.serve { url in
            var disabled = KnotSettings()
            disabled.googleKeySetURL = url
            let claims: [String: JSONValue] = [
                "iss": "https://accounts.google.com", "aud": "knot-web.apps.googleusercontent.com", "sub": "g-123",
                "exp": .int(clock.now.millisecondsSince1970 / 1000 + 600), "email": "pat@gmail.com", "email_verified": true,
                "nonce": "anything",
            ]
            try await TestServer.knot(engine: engine, settings: disabled, clock: clock) { server in
                let response = try await Self.signIn(server, provider: "google", token: try await key.sign(claims), nonce: nil)
                #expect(response.status == 400)
                #expect(response.json["code"] == "provider_disabled")
            }
            var settings = disabled
            settings.googleClientIDs = ["knot-web.apps.googleusercontent.com"]
            try await TestServer.knot(engine: engine, settings: settings, clock: clock) { server in
                let response = try await Self.signIn(server, provider: "google", token: try await key.sign(claims), nonce: nil)
                #expect(response.status == 200)
                #expect(response.json["user"]?["email"] == "pat@gmail.com")
                #expect(response.json["user"]?["app_metadata"]?["provider"] == "google")
                let unknown = try await Self.signIn(server, provider: "github", token: "x")
                #expect(unknown.status == 400)
                #expect(unknown.json["code"] == "validation_failed")
            }
        }
    }
}
