import Foundation
import HearthCore
import HearthTesting
import Testing

import PantryPalServer

/// `/api/test` (spec §2.11, W10): only with a configured key, and it does what the
/// original app's UI tests expect.
@Suite struct TestRoutesTests {
    static let key = "ui-test-key-0123456789abcdef0123456789"

    @Test(arguments: TestEngine.available)
    func testRoutesExistOnlyWhenAKeyIsConfigured(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let status = try await pantry.call(nil, .GET, "/api/test/status", headers: [("x-test-admin-key", Self.key)])
            #expect(status.status == 404)
        }
        #expect(throws: (any Error).self) { try PantryPalSettings.fromEnvironment(["HEARTH_PP_TEST_KEY": "test-admin-secret-change-me"]) }
    }

    @Test(arguments: TestEngine.available)
    func seedGivesTheUITestsTheirHouseholdAndResetTakesItAway(engine: TestEngine) async throws {
        var settings = PantryServer.settings()
        settings.testKey = Self.key
        try await PantryServer.run(engine: engine, settings: settings) { pantry in
            let header = [("x-test-admin-key", Self.key)]
            let forbidden = try await pantry.call(nil, .GET, "/api/test/status", headers: [("x-test-admin-key", "wrong")])
            #expect(forbidden.status == 403 && forbidden.json == ["error": "Forbidden"])
            let seeded = try await pantry.call(nil, .POST, "/api/test/seed", headers: header).json
            #expect(seeded["testUser"]?["email"] == "test@pantrypal.com")
            let login = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "test@pantrypal.com", "password": "Test123!"])
            let member = PantryServer.Member(id: "", email: "test@pantrypal.com", token: try #require(login.json["token"]?.stringValue))
            #expect(try await pantry.call(member, .GET, "/api/auth/me").json["household"]?["name"] == "Test Household")
            let items = try await pantry.call(member, .GET, "/api/inventory").json.arrayValue ?? []
            #expect(Set(items.compactMap { $0["product_name"]?.stringValue }) == ["Milk", "Bread"])
            let householdID = try #require(seeded["testUser"]?["householdId"]?.stringValue)
            try await pantry.expect(pantry.call(nil, .POST, "/api/test/premium/\(householdID)", ["isPremium": true], headers: header), 200)
            #expect(try await pantry.call(member, .GET, "/api/auth/me").json["household"]?["isPremium"] == true)
            try await pantry.expect(pantry.call(nil, .POST, "/api/test/reset", headers: header), 200)
            #expect(try await pantry.call(nil, .POST, "/api/auth/login", ["email": "test@pantrypal.com", "password": "Test123!"]).status == 401)
            let stranger = try await pantry.owner("after@example.com")
            #expect(try await pantry.call(stranger, .GET, "/api/products/lookup/TEST_MILK_001").json["source"] == "local", "the global catalogue stays")
        }
    }
}
