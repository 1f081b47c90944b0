import Foundation
import HearthCore
import HearthTesting
import Testing

/// The pantry's rows (spec §2.4, §3 hardened by W4, W17).
@Suite struct InventoryRuleTests {
    @Test(arguments: TestEngine.available)
    func addingTheSameProductPlaceAndDateMergesIntoOneRow(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let beans = try await pantry.product(owner, "Beans", upc: "0001")
            let pantryShelf = try await pantry.location(owner, "Pantry")
            let first = try await pantry.stock(owner, product: beans, at: pantryShelf, quantity: 2, expires: "2030-01-01")
            #expect(first.status == 201)
            #expect(first.json["product_name"] == "Beans" && first.json["location_name"] == "Pantry")
            let merged = try await pantry.stock(owner, product: beans, at: pantryShelf, quantity: 3, expires: "2030-01-01")
            #expect(merged.status == 200)
            #expect(merged.json["quantity"] == 5 && merged.json["id"] == first.json["id"])
            #expect(try await pantry.stock(owner, product: beans, at: pantryShelf, expires: "2031-01-01").status == 201)
            #expect(try await pantry.call(owner, .GET, "/api/inventory").json.arrayValue?.count == 2)
        }
    }

    @Test(arguments: TestEngine.available)
    func theFreeLimitCountsRowsAndStillAllowsMergesAtTheLimit(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let shelf = try await pantry.location(owner, "Pantry")
            var first = ""
            for index in 0..<25 {
                let product = try await pantry.product(owner, "Thing \(index)")
                if index == 0 { first = product }
                try pantry.expect(try await pantry.stock(owner, product: product, at: shelf), 201)
            }
            let extra = try await pantry.product(owner, "One too many")
            let refused = try await pantry.stock(owner, product: extra, at: shelf)
            #expect(refused.status == 403)
            #expect(refused.json == ["error": "Inventory limit reached", "code": "LIMIT_REACHED", "limit": "25", "upgradeRequired": "true"])
            #expect(try await pantry.stock(owner, product: first, at: shelf).status == 200, "topping up an existing row is no new row")
            try await pantry.setPremium(try #require(owner.householdID), true)
            #expect(try await pantry.stock(owner, product: extra, at: shelf).status == 201)
        }
    }

    @Test(arguments: TestEngine.available)
    func aFreeHouseholdWithTwoMembersIsReadOnlyForPantryWrites(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let member = try await pantry.member("member@example.com", joining: owner)
            let rice = try await pantry.product(owner, "Rice", upc: "0042")
            let shelf = try await pantry.location(owner, "Pantry")
            let item = try #require(try await pantry.stock(owner, product: rice, at: shelf, quantity: 2).json["id"]?.stringValue)
            try await pantry.setPremium(try #require(owner.householdID), false)
            let add = try await pantry.stock(member, product: rice, at: shelf, expires: "2030-02-02")
            #expect(add.status == 403)
            #expect(add.json["error"] == "Household sharing is a Premium feature. Upgrade to add items.")
            #expect(add.json["code"] == "PREMIUM_REQUIRED")
            #expect(try await pantry.call(member, .PUT, "/api/inventory/\(item)", ["notes": "x"]).json["code"] == "PREMIUM_REQUIRED")
            #expect(try await pantry.call(member, .PATCH, "/api/inventory/\(item)/quantity", ["adjustment": 1]).json["code"] == "PREMIUM_REQUIRED")
            #expect(try await pantry.call(member, .DELETE, "/api/inventory/\(item)").json["code"] == "PREMIUM_REQUIRED")
            #expect(try await pantry.call(member, .POST, "/api/grocery", ["name": "Eggs"]).json["code"] == "PREMIUM_REQUIRED")
            let scan = try await pantry.call(member, .POST, "/api/checkout/scan", ["upc": "0042"])
            #expect(scan.json["success"] == true, "checkout stays allowed (decision §8.1)")
            #expect(try await pantry.call(owner, .GET, "/api/inventory").json[0]?["quantity"] == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func quantitiesAreWholeNumbersInRange(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let tea = try await pantry.product(owner, "Tea")
            let shelf = try await pantry.location(owner, "Pantry")
            #expect(try await pantry.stock(owner, product: tea, at: shelf, quantity: -1).status == 400)
            #expect(try await pantry.stock(owner, product: tea, at: shelf, quantity: 100_001).status == 400)
            let body: JSONValue = ["productId": .string(tea), "locationId": .string(shelf), "quantity": 1.5]
            #expect(try await pantry.call(owner, .POST, "/api/inventory", body).status == 400)
            let bad = try await pantry.call(owner, .POST, "/api/inventory", ["productId": .string(tea), "locationId": .string(shelf), "expirationDate": "2030-02-30"])
            #expect(bad.status == 400)
            #expect(try await pantry.call(owner, .GET, "/api/inventory").json == [], "nothing was written")
            let zero = try await pantry.stock(owner, product: tea, at: shelf, quantity: 0)
            #expect(zero.json["quantity"] == 1, "0 means the default of 1")
            let id = try #require(zero.json["id"]?.stringValue)
            #expect(try await pantry.call(owner, .PATCH, "/api/inventory/\(id)/quantity", ["adjustment": "x"]).json == ["error": "Adjustment must be a number"])
            #expect(try await pantry.call(owner, .PATCH, "/api/inventory/\(id)/quantity", ["adjustment": 0.5]).status == 400)
        }
    }

    @Test(arguments: TestEngine.available)
    func editingToZeroOrAdjustingBelowZeroRemovesTheRow(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let jam = try await pantry.product(owner, "Jam")
            let shelf = try await pantry.location(owner, "Pantry")
            let first = try #require(try await pantry.stock(owner, product: jam, at: shelf, quantity: 2).json["id"]?.stringValue)
            let adjusted = try await pantry.call(owner, .PATCH, "/api/inventory/\(first)/quantity", ["adjustment": 3])
            #expect(adjusted.json["quantity"] == 5)
            let gone = try await pantry.call(owner, .PATCH, "/api/inventory/\(first)/quantity", ["adjustment": -9])
            #expect(gone.json["deleted"] == true && gone.json["id"] == .string(first))
            let second = try #require(try await pantry.stock(owner, product: jam, at: shelf, quantity: 2).json["id"]?.stringValue)
            let edited = try await pantry.call(owner, .PUT, "/api/inventory/\(second)", ["quantity": 0])
            #expect(edited.status == 200 && edited.json["quantity"] == 0)
            #expect(try await pantry.call(owner, .GET, "/api/inventory").json == [])
            #expect(try await pantry.call(owner, .PUT, "/api/inventory/\(second)", ["notes": "x"]).json == ["error": "Inventory item not found"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aClientIDMakesARepeatedAddAReplayAndAnotherHouseholdsIDAConflict(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let oats = try await pantry.product(owner, "Oats")
            let shelf = try await pantry.location(owner, "Pantry")
            let id = UUID().uuidString.lowercased()
            #expect(try await pantry.stock(owner, product: oats, at: shelf, quantity: 2, id: id).status == 201)
            let replay = try await pantry.stock(owner, product: oats, at: shelf, quantity: 2, id: id)
            #expect(replay.status == 200 && replay.json["quantity"] == 2, "a replayed add changes nothing")
            let stranger = try await pantry.owner("stranger@example.com")
            let theirs = try await pantry.product(stranger, "Oats")
            let conflict = try await pantry.stock(stranger, product: theirs, at: pantry.location(stranger, "Pantry"), id: id)
            #expect(conflict.status == 409)
            #expect(conflict.json == ["error": "ID conflict", "code": "ID_CONFLICT"])
        }
    }

    @Test(arguments: TestEngine.available)
    func expiringAndExpiredFollowTheHouseholdsCalendarDay(engine: TestEngine) async throws {
        let clock = ManualWallClock(Timestamp(iso8601: "2030-06-10T23:30:00Z") ?? Timestamp(millisecondsSince1970: 0))
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let shelf = try await pantry.location(owner, "Fridge")
            for (name, date) in [("Old", "2030-06-09"), ("Today", "2030-06-10"), ("Soon", "2030-06-13"), ("Later", "2030-06-30")] {
                try pantry.expect(try await pantry.stock(owner, product: pantry.product(owner, name), at: shelf, expires: date), 201)
            }
            let expiring = try await pantry.call(owner, .GET, "/api/inventory/expiring?days=3").json.arrayValue ?? []
            #expect(expiring.map { $0["product_name"] } == ["Today", "Soon"])
            let expired = try await pantry.call(owner, .GET, "/api/inventory/expired").json.arrayValue ?? []
            #expect(expired.map { $0["product_name"] } == ["Old"])
            let ahead = try await pantry.call(owner, .GET, "/api/inventory/expired", headers: [("X-Timezone", "+02:00")]).json.arrayValue ?? []
            #expect(ahead.map { $0["product_name"] } == ["Today", "Old"], "it is already June 11 two hours east")
            #expect(try await pantry.call(owner, .GET, "/api/inventory/expiring?days=0").status == 400)
        }
    }
}
