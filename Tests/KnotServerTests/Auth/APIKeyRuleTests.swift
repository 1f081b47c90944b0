import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// With an anon key configured, `/auth/v1` needs `apikey` = anon or service key, except
/// the mail link (research doc §7, Hearth decision 11).
@Suite struct APIKeyRuleTests {
    static let anon = "anon-" + String(repeating: "a", count: 40)
    static let service = "service-" + String(repeating: "s", count: 40)

    static var settings: KnotSettings {
        var settings = KnotSettings()
        settings.anonKey = anon
        settings.serviceRoleKey = service
        return settings
    }

    @Test(arguments: TestEngine.available)
    func authRoutesRefuseAMissingOrWrongKeyAndAcceptTheAnonAndServiceKeys(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.settings) { server in
            let body: JSONValue = ["email": "pat@example.com", "password": "correct horse battery"]
            let missing = try await server.request(.POST, "/auth/v1/signup", json: body)
            #expect(missing.status == 401)
            #expect(missing.json["message"] == "No API key found in request")
            let wrong = try await server.request(.POST, "/auth/v1/signup", json: body, headers: [("apikey", "nope")])
            #expect(wrong.status == 401)
            #expect(wrong.json["message"] == "Invalid API key")
            #expect(try await server.count("knot_auth_users") == 0)
            for path in ["/auth/v1/settings", "/auth/v1/health", "/auth/v1/user"] {
                #expect(try await server.request(.GET, path).status == 401, "\(path)")
            }

            let signed = try await server.request(.POST, "/auth/v1/signup", json: body, headers: [("Apikey", Self.anon)])
            #expect(signed.status == 200)
            let viaService = try await server.request(
                .POST, "/auth/v1/token?grant_type=password", json: body, headers: [("apiKey", Self.service)])
            #expect(viaService.status == 200)
            #expect(try await server.request(.GET, "/auth/v1/settings", headers: [("apikey", Self.anon)]).status == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func theMailLinkNeedsNoKey(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.settings) { server in
            let response = try await server.requestNotFollowing("/auth/v1/verify?token=made-up&type=magiclink")
            #expect(response.status == 303)
        }
    }

    @Test(arguments: TestEngine.available)
    func withoutAnAnonKeyTheHeaderIsIgnored(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let withKey = try await server.request(.GET, "/auth/v1/settings", headers: [("apikey", "anything")])
            let without = try await server.request(.GET, "/auth/v1/settings")
            #expect(withKey.status == 200)
            #expect(without.status == 200)
        }
    }
}
