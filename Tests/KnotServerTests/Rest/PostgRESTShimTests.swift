import HearthCore
import HearthTesting
import Testing

@testable import KnotServer

/// `/rest/v1/partner_vaults` (spec §4.5, research doc §8, §13 case 18).
@Suite struct PostgRESTShimTests {
    static let path = "/rest/v1/partner_vaults?select=id&limit=1"
    static let anonKey = "anon-key-0123456789abcdef0123456789abcdef"
    static let serviceKey = "service-key-0123456789abcdef0123456789abcdef"

    static func keyedSettings() -> KnotSettings {
        var settings = KnotSettings()
        settings.anonKey = anonKey
        settings.serviceRoleKey = serviceKey
        return settings
    }

    static func headers(_ user: KnotTestUser?, apikey: String? = anonKey, _ more: [(String, String)] = []) -> [(String, String)] {
        var headers = more
        if let apikey { headers.append(("apikey", apikey)) }
        headers.append(("Authorization", "Bearer \(user?.accessToken ?? anonKey)"))
        return headers
    }

    // Case 18.
    @Test(arguments: TestEngine.available)
    func theCallerSeesOnlyTheirOwnVaultAndAnonymousCallersSeeNone(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.keyedSettings()) { server in
            let user = try await server.signUp("rest@example.com")
            let other = try await server.signUp("rest-other@example.com")
            let before = try await server.request(.GET, Self.path, headers: Self.headers(user))
            #expect(before.status == 200)
            #expect(before.json == [])
            #expect(before.header("Content-Range") == "*/*")
            #expect(before.header("Content-Type")?.hasPrefix("application/json") == true)

            let vaultID = try await server.createVault(user)
            _ = try await server.createVault(other)
            let after = try await server.request(.GET, Self.path, headers: Self.headers(user, [("Accept", "*/*")]))
            #expect(after.json == [["id": .string(vaultID)]])
            #expect(after.header("Content-Range") == "0-0/*")
            let anonymous = try await server.request(.GET, Self.path, headers: Self.headers(nil))
            #expect(anonymous.status == 200)
            #expect(anonymous.json == [])
            let noBearer = try await server.request(.GET, Self.path, headers: [("apikey", Self.anonKey)])
            #expect(noBearer.json == [])
        }
    }

    @Test(arguments: TestEngine.available)
    func countsHeadAndSingleObjectRequestsAnswerAsPostgRESTDoes(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("count@example.com")
            let auth = [("Authorization", "Bearer \(user.accessToken)")]
            let emptyCount = try await server.request(
                .HEAD, "/rest/v1/partner_vaults?select=id", headers: auth + [("Prefer", "count=exact")])
            #expect(emptyCount.status == 200)
            #expect(emptyCount.header("Content-Range") == "*/0")
            #expect(emptyCount.body.isEmpty)
            let none = try await server.request(.GET, Self.path, headers: auth + [("Accept", "application/vnd.pgrst.object+json")])
            #expect(none.status == 406)
            #expect(none.json["code"] == "PGRST116")

            let vaultID = try await server.createVault(user)
            let counted = try await server.request(.GET, Self.path, headers: auth + [("Prefer", "count=exact")])
            #expect(counted.json == [["id": .string(vaultID)]])
            #expect(counted.header("Content-Range") == "0-0/1")
            let single = try await server.request(.GET, Self.path, headers: auth + [("Accept", "application/vnd.pgrst.object+json")])
            #expect(single.json == ["id": .string(vaultID)])
            let skipped = try await server.request(
                .GET, "/rest/v1/partner_vaults?select=id&offset=1", headers: auth + [("Prefer", "count=exact")])
            #expect(skipped.json == [])
            #expect(skipped.header("Content-Range") == "*/1")
            let zero = try await server.request(.GET, "/rest/v1/partner_vaults?select=id&limit=0", headers: auth)
            #expect(zero.json == [])
        }
    }

    @Test(arguments: TestEngine.available)
    func unsupportedQueriesAndOtherTablesAreRefusedInPostgRESTsShape(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("shape@example.com")
            let auth = [("Authorization", "Bearer \(user.accessToken)")]
            for query in ["select=*", "select=id,user_id", "", "select=id&user_id=eq.x", "select=id&limit=-1"] {
                let response = try await server.request(.GET, "/rest/v1/partner_vaults?\(query)", headers: auth)
                #expect(response.status == 400, "\(query)")
                #expect(response.json["code"] == "PGRST100", "\(query)")
                #expect(response.json["message"]?.stringValue != nil)
                #expect(response.json.objectValue.map { Set($0.keys) } == ["code", "details", "hint", "message"])
            }
            let table = try await server.request(.GET, "/rest/v1/users?select=id", headers: auth)
            #expect(table.status == 404)
            #expect(table.json["code"] == "PGRST205")
            let write = try await server.request(.POST, "/rest/v1/partner_vaults", headers: auth, body: Array("{}".utf8))
            #expect(write.status == 405)
            #expect(write.json["code"] == "PGRST117")
        }
    }

    @Test(arguments: TestEngine.available)
    func badAndExpiredTokensAre401WithPostgRESTCodes(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, clock: clock) { server in
            let user = try await server.signUp("jwt@example.com")
            // Change the signature's first character: the last one of a base64url HS256
            // signature carries two unused bits, so changing it may leave the bytes as they were.
            let parts = user.accessToken.split(separator: ".", omittingEmptySubsequences: false)
            let signature = parts[2]
            let firstCharacter = signature.hasPrefix("A") ? "B" : "A"
            let tampered = "\(parts[0]).\(parts[1]).\(firstCharacter)\(signature.dropFirst())"
            let bad = try await server.request(.GET, Self.path, headers: [("Authorization", "Bearer \(tampered)")])
            #expect(bad.status == 401)
            #expect(bad.json["code"] == "PGRST301")
            let garbage = try await server.request(.GET, Self.path, headers: [("Authorization", "Bearer not.a-token")])
            #expect(garbage.status == 401)
            #expect(garbage.json["code"] == "PGRST301")
            clock.advance(seconds: 3601)
            let expired = try await server.request(.GET, Self.path, headers: [("Authorization", "Bearer \(user.accessToken)")])
            #expect(expired.status == 401)
            #expect(expired.json == ["code": "PGRST303", "details": nil, "hint": nil, "message": "JWT expired"])
            #expect(expired.header("WWW-Authenticate")?.contains("invalid_token") == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func withAnAnonKeyConfiguredTheApiKeyHeaderMustBeAKnownKey(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.keyedSettings()) { server in
            let user = try await server.signUp("keys@example.com")
            let vaultID = try await server.createVault(user)
            let missing = try await server.request(.GET, Self.path, headers: Self.headers(user, apikey: nil))
            #expect(missing.status == 401)
            #expect(missing.json["message"] == "No API key found in request")
            let wrong = try await server.request(.GET, Self.path, headers: Self.headers(user, apikey: "nope"))
            #expect(wrong.status == 401)
            #expect(wrong.json["message"] == "Invalid API key")
            let service = try await server.request(.GET, Self.path, headers: Self.headers(user, apikey: Self.serviceKey))
            #expect(service.json == [["id": .string(vaultID)]])
        }
    }
}
