import Foundation
import HearthCore
import HearthTesting
import Testing

/// The household's time zone (W23) and device tokens (spec §2.9, W21).
@Suite struct HouseholdZoneAndDeviceTests {
    @Test(arguments: TestEngine.available)
    func expiredFollowsTheHouseholdsTimeZone(engine: TestEngine) async throws {
        let clock = ManualWallClock(Timestamp(iso8601: "2030-06-10T20:00:00Z") ?? Timestamp(millisecondsSince1970: 0))
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            try pantry.expect(try await pantry.stock(owner, product: pantry.product(owner, "Milk"), at: pantry.location(owner, "Fridge"), expires: "2030-06-10"), 201)
            #expect(try await pantry.call(owner, .GET, "/api/inventory/expired").json == [])
            let updated = try await pantry.call(owner, .PUT, "/api/household", ["timezone": "Pacific/Kiritimati"])
            #expect(updated.json["timezone"] == "Pacific/Kiritimati")
            let expired = try await pantry.call(owner, .GET, "/api/inventory/expired").json.arrayValue ?? []
            #expect(expired.count == 1, "at 20:00 UTC it is already June 11 at UTC+14")
            #expect(try await pantry.call(owner, .GET, "/api/inventory/expired", headers: [("X-Timezone", "America/New_York")]).json == [])
            #expect(try await pantry.call(owner, .PUT, "/api/household", ["timezone": "Mars/Olympus"]).status == 400)
            #expect(try await pantry.call(owner, .GET, "/api/auth/me").json["household"]?["timezone"] == "Pacific/Kiritimati")
        }
    }

    @Test(arguments: TestEngine.available)
    func aDeviceTokenBelongsToTheLastAccountAndLeavesWithItsSession(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let alice = try await pantry.owner("alice@example.com")
            let bob = try await pantry.owner("bob@example.com")
            func tokens(_ member: PantryServer.Member) async throws -> [JSONValue] {
                try await pantry.call(member, .POST, "/api/notifications/test").json["results"]?.arrayValue?.compactMap { $0["token"] } ?? []
            }
            try await pantry.expect(pantry.call(alice, .POST, "/api/notifications/register", ["token": "device-1"]), 200)
            #expect(try await tokens(alice) == ["device-1"])
            try await pantry.expect(pantry.call(bob, .POST, "/api/notifications/register", ["token": "device-1"]), 200)
            #expect(try await tokens(alice) == [], "one device, one account: Alice's alerts stop reaching Bob's phone")
            #expect(try await tokens(bob) == ["device-1"])
            let preferences = try await pantry.call(bob, .GET, "/api/notifications/preferences").json
            #expect(preferences == ["expirationEnabled": true, "expirationDaysBefore": 3, "lowStockEnabled": true, "lowStockThreshold": 2, "checkoutEnabled": true])
            try await pantry.expect(pantry.call(bob, .PUT, "/api/notifications/preferences", ["lowStockThreshold": 5, "checkoutEnabled": false]), 200)
            let changed = try await pantry.call(bob, .GET, "/api/notifications/preferences").json
            #expect(changed["lowStockThreshold"] == 5 && changed["checkoutEnabled"] == false && changed["expirationDaysBefore"] == 3)
            try await pantry.expect(pantry.call(bob, .POST, "/api/auth/logout"), 200)
            let again = try await pantry.call(nil, .POST, "/api/auth/login", ["email": "bob@example.com", "password": "correct horse battery"])
            var bobAgain = bob
            bobAgain.token = try #require(again.json["token"]?.stringValue)
            #expect(try await tokens(bobAgain) == [], "signing out unregisters that session's device")
        }
    }
}
