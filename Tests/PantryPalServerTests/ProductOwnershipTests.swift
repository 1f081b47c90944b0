import Foundation
import HearthCore
import HearthTesting
import Testing

/// Who may see and change which product (spec §2.3 hardened by W13).
@Suite struct ProductOwnershipTests {
    @Test(arguments: TestEngine.available)
    func anotherHouseholdsProductIsInvisibleEverywhere(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let stranger = try await pantry.owner("stranger@example.com")
            let secret = try await pantry.product(stranger, "Secret sauce", upc: "8001")
            #expect(try await pantry.call(owner, .GET, "/api/products/\(secret)").json == ["error": "Product not found"])
            #expect(try await pantry.call(owner, .PUT, "/api/products/\(secret)", ["name": "Mine"]).status == 404)
            #expect(try await pantry.call(owner, .DELETE, "/api/products/\(secret)").status == 404)
            #expect(try await pantry.call(owner, .GET, "/api/products/lookup/8001").json == ["found": false, "upc": "8001"])
            #expect(try await pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "8001"]).json["found"] == false)
            let list = try await pantry.call(owner, .GET, "/api/products").json.arrayValue ?? []
            #expect(!list.contains { $0["id"] == .string(secret) })
            let mine = try await pantry.call(owner, .POST, "/api/products", ["upc": "8001", "name": "My sauce"])
            #expect(mine.status == 201, "per-household UPCs do not collide")
            #expect(try await pantry.call(stranger, .GET, "/api/products/\(secret)").json["name"] == "Secret sauce")
        }
    }

    @Test(arguments: TestEngine.available)
    func postingAKnownUPCUpdatesOnlyTheHouseholdsOwnProduct(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let created = try await pantry.call(owner, .POST, "/api/products", ["upc": "8002", "name": "Pasta"])
            #expect(created.status == 201 && created.json["is_custom"] == 1 && created.json["household_id"] == owner.householdID.map(JSONValue.string))
            let updated = try await pantry.call(owner, .POST, "/api/products", ["upc": "8002", "name": "Penne", "brand": "Nonna"])
            #expect(updated.status == 200 && updated.json["id"] == created.json["id"] && updated.json["brand"] == "Nonna")
            let generated = try await pantry.call(owner, .POST, "/api/products", ["name": "Homemade bread"])
            let upc = try #require(generated.json["upc"]?.stringValue)
            #expect(upc.hasPrefix("CUSTOM-") && upc.split(separator: "-").count == 3)
            #expect(try await pantry.call(owner, .POST, "/api/products", ["brand": "x"]).json == ["error": "Product name is required"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aProductInUseCannotBeDeletedAndOneWithHistoryIsHidden(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let cereal = try await pantry.product(owner, "Cereal", upc: "8003")
            try pantry.expect(try await pantry.stock(owner, product: cereal, at: pantry.location(owner, "Pantry")), 201)
            let refused = try await pantry.call(owner, .DELETE, "/api/products/\(cereal)")
            #expect(refused.status == 400 && refused.json == ["error": "Cannot delete product that is in inventory"])
            try await pantry.expect(pantry.call(owner, .POST, "/api/checkout/scan", ["upc": "8003"]), 200)
            try await pantry.expect(pantry.call(owner, .DELETE, "/api/products/\(cereal)"), 200)
            #expect(try await pantry.call(owner, .GET, "/api/products/\(cereal)").status == 404)
            let history = try await pantry.call(owner, .GET, "/api/checkout/history").json["history"]?.arrayValue ?? []
            #expect(history.first?["product_name"] == "Cereal", "history keeps the deleted product's name")
        }
    }
}
