import Foundation
import HearthCore
import HearthTesting
import Testing

/// The grocery list (spec §2.7 hardened by W4, W17, W18).
@Suite struct GroceryListTests {
    @Test(arguments: TestEngine.available)
    func namesAreOneEntryWhateverTheirSpacingOrCase(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let created = try await pantry.call(owner, .POST, "/api/grocery", ["name": "  Whole   Milk ", "upc": "9001"])
            #expect(created.status == 201 && created.json["normalized_name"] == "whole milk")
            #expect(created.json["id"]?.intValue != nil, "grocery ids stay integers")
            let duplicate = try await pantry.call(owner, .POST, "/api/grocery", ["name": "whole milk"])
            #expect(duplicate.status == 200 && duplicate.json["id"] == created.json["id"])
            #expect(try await pantry.call(owner, .POST, "/api/grocery", ["name": ""]).json == ["error": "Item name required"])
            let byUPC = try await pantry.call(owner, .DELETE, "/api/grocery/by-upc/9001")
            #expect(byUPC.json == ["success": true, "removed": true, "count": 1])
            #expect(try await pantry.call(owner, .DELETE, "/api/grocery/999").json == ["error": "Item not found"])
        }
    }

    @Test(arguments: TestEngine.available)
    func theFreeListHoldsTwentyFiveAndAClientIDReplays(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            for index in 0..<25 { try pantry.expect(try await pantry.call(owner, .POST, "/api/grocery", ["name": .string("Item \(index)")]), 201) }
            let refused = try await pantry.call(owner, .POST, "/api/grocery", ["name": "One more"])
            #expect(refused.json == ["error": "Grocery list limit reached", "code": "LIMIT_REACHED", "limit": "25", "upgradeRequired": "true"])
            #expect(try await pantry.call(owner, .POST, "/api/grocery", ["name": "item 3"]).status == 200, "an existing name is no new row")
            let other = try await pantry.owner("other@example.com")
            let client = UUID().uuidString
            let first = try await pantry.call(other, .POST, "/api/grocery", ["name": "Apples", "clientId": .string(client)])
            let again = try await pantry.call(other, .POST, "/api/grocery", ["name": "Pears", "clientId": .string(client)])
            #expect(again.status == 200 && again.json["id"] == first.json["id"] && again.json["name"] == "Apples")
        }
    }

    @Test(arguments: TestEngine.available)
    func withoutAHouseholdTheListIsEmptyAndAddingSaysWhatToDo(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let loner = try await pantry.register("loner@example.com")
            #expect(try await pantry.call(loner, .GET, "/api/grocery").json == [])
            let refused = try await pantry.call(loner, .POST, "/api/grocery", ["name": "Milk"])
            #expect(refused.status == 400 && refused.json == ["error": "Please create or join a household first", "requiresHousehold": "true"])
        }
    }
}
