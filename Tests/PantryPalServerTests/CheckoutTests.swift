import Foundation
import HearthCore
import HearthTesting
import Testing

/// Checkout by UPC (spec §2.6 hardened by W9) and grocery automation (§3.4, W9).
@Suite struct CheckoutTests {
    @Test(arguments: TestEngine.available)
    func checkoutTakesTheRowThatExpiresFirstAndRecordsEveryScan(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let yogurt = try await pantry.product(owner, "Yogurt", upc: "7001")
            let fridge = try await pantry.location(owner, "Fridge")
            let undated = try #require(try await pantry.stock(owner, product: yogurt, at: fridge, quantity: 1).json["id"]?.stringValue)
            let late = try #require(try await pantry.stock(owner, product: yogurt, at: fridge, quantity: 1, expires: "2030-05-02").json["id"]?.stringValue)
            let early = try #require(try await pantry.stock(owner, product: yogurt, at: fridge, quantity: 2, expires: "2030-05-01").json["id"]?.stringValue)
            var taken: [String] = []
            for _ in 0..<4 {
                let scan = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7001"])
                #expect(scan.json["success"] == true && scan.json["message"] == "Checked out 1x Yogurt")
                taken.append(scan.json["inventoryItem"]?["id"]?.stringValue ?? "deleted")
                #expect(scan.json["inventoryId"]?.stringValue != nil, "the consumed row is named even when it was deleted")
            }
            #expect(taken == [early, "deleted", "deleted", "deleted"])
            let empty = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7001"])
            #expect(empty.json["success"] == false && empty.json["inStock"] == false && empty.json["error"] == "Item not in inventory")
            let unknown = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "9999"])
            #expect(unknown.status == 200 && unknown.json["found"] == false)
            let history = try await pantry.call(owner, .GET, "/api/checkout/history").json
            #expect(history["pagination"]?["total"] == 4, "every checkout is recorded, not one per day")
            #expect(Set((history["history"]?.arrayValue ?? []).compactMap { $0["inventory_id"]?.stringValue }) == [early, late, undated])
            let stats = try await pantry.call(owner, .GET, "/api/checkout/stats?days=7").json
            #expect(stats["totalCheckouts"] == 4 && stats["topProducts"]?[0]?["total_consumed"] == 4)
        }
    }

    @Test(arguments: TestEngine.available)
    func twoMembersCheckingOutTheLastUnitAtOnceTakeItOnce(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let member = try await pantry.member("member@example.com", joining: owner)
            let bread = try await pantry.product(owner, "Bread", upc: "7002")
            try pantry.expect(try await pantry.stock(owner, product: bread, at: pantry.location(owner, "Pantry")), 201)
            async let first = pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7002"])
            async let second = pantry.call(member, .POST, "/api/checkout/scan", ["upc": "7002"])
            let outcomes = try await [first, second].map { $0.json["success"] }
            #expect(outcomes.filter { $0 == true }.count == 1)
            #expect(outcomes.filter { $0 == false }.count == 1)
            #expect(try await pantry.call(owner, .GET, "/api/checkout/history").json["pagination"]?["total"] == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func anIdempotencyKeyMakesARetriedScanCountOnce(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let soup = try await pantry.product(owner, "Soup", upc: "7003")
            try pantry.expect(try await pantry.stock(owner, product: soup, at: pantry.location(owner, "Pantry"), quantity: 3), 201)
            let key = [("Idempotency-Key", "scan-1")]
            let first = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7003"], headers: key)
            let retried = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7003"], headers: key)
            #expect(retried.header("Idempotent-Replayed") == "true")
            #expect(retried.json == first.json)
            #expect(try await pantry.call(owner, .GET, "/api/inventory").json[0]?["quantity"] == 2)
            let reused = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "other"], headers: key)
            #expect(reused.status == 422 && reused.json["code"] == "IDEMPOTENCY_KEY_REUSED")
            let again = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7003"])
            #expect(again.json["newQuantity"] == 1, "without a key a repeated scan is a new checkout")
        }
    }

    @Test(arguments: TestEngine.available)
    func premiumGroceryListFollowsTheHouseholdsTotalStock(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let coffee = try await pantry.product(owner, "Coffee Beans", upc: "7004")
            let shelf = try await pantry.location(owner, "Pantry")
            let cabinet = try await pantry.location(owner, "Cabinet")
            try pantry.expect(try await pantry.stock(owner, product: coffee, at: shelf, expires: "2030-01-01"), 201)
            try pantry.expect(try await pantry.stock(owner, product: coffee, at: cabinet, expires: "2031-01-01"), 201)
            let first = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7004"])
            #expect(first.json["addedToGrocery"] == false, "another row still holds coffee")
            let last = try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "7004"])
            #expect(last.json["addedToGrocery"] == true)
            let list = try await pantry.call(owner, .GET, "/api/grocery").json.arrayValue ?? []
            #expect(list.map { $0["name"] } == ["Coffee Beans"] && list.first?["upc"] == "7004")
            try pantry.expect(try await pantry.stock(owner, product: coffee, at: shelf), 201)
            #expect(try await pantry.call(owner, .GET, "/api/grocery").json == [], "restocking takes it off the list")
        }
    }
}
