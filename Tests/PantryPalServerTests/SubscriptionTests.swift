import Foundation
import HearthCore
import HearthTesting
import Testing

/// Subscriptions (spec §2.10 hardened by W12): premium never comes from the client's word.
@Suite struct SubscriptionTests {
    @Test(arguments: TestEngine.available)
    func aClaimedPurchaseIsRefusedWhenItCannotBeVerified(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let loner = try await pantry.register("loner@example.com")
            let claim: JSONValue = [
                "transactionId": "1000000123", "productId": "com.pantrypal.premium.annual", "originalTransactionId": "1000000001", "expiresAt": "",
            ]
            #expect(try await pantry.call(loner, .POST, "/api/subscriptions/validate", claim).json == ["error": "User must belong to a household to purchase Premium"])
            let owner = try await pantry.owner("owner@example.com")
            #expect(try await pantry.call(owner, .POST, "/api/subscriptions/validate", ["transactionId": "1"]).json == ["error": "Missing required transaction fields"])
            let refused = try await pantry.call(owner, .POST, "/api/subscriptions/validate", claim)
            #expect(refused.status == 503 && refused.json["code"] == "VERIFICATION_UNAVAILABLE")
            #expect(try await pantry.call(owner, .GET, "/api/subscriptions/status").json["isPremium"] == false)
            try await pantry.setPremium(try #require(owner.householdID), true, expiresAt: clock.now.adding(seconds: 60).iso8601)
            let active = try await pantry.call(owner, .GET, "/api/subscriptions/status").json
            #expect(active["isPremium"] == true && active["premiumExpiresAt"]?.stringValue?.hasSuffix("Z") == true)
            clock.advance(seconds: 61)
            #expect(try await pantry.call(owner, .GET, "/api/subscriptions/status").json["isPremium"] == false)
            #expect(try await pantry.call(loner, .GET, "/api/subscriptions/status").json == ["isPremium": false, "premiumExpiresAt": nil, "householdId": nil])
        }
    }
}
