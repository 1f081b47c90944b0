import Foundation
import HearthCore
import HearthTesting
import Testing

/// Places in the home (spec §2.5 hardened by W19).
@Suite struct LocationTreeTests {
    @Test(arguments: TestEngine.available)
    func seedingCreatesTheSevenDefaultsOnlyOnce(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let again = try await pantry.call(owner, .POST, "/api/locations/seed-defaults")
            #expect(again.json == ["message": "Locations already exist", "seeded": false])
            let flat = try await pantry.call(owner, .GET, "/api/locations/flat").json.arrayValue ?? []
            #expect(flat.map { $0["name"] } == ["Pantry", "Fridge", "Freezer", "Cabinet", "Garage", "Basement", "Other"])
        }
    }

    @Test(arguments: TestEngine.available)
    func nestedPlacesHaveFullPathsAndDeletingOneMovesItsSubtreeUp(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let fridge = try await pantry.location(owner, "Fridge")
            func add(_ name: String, under parent: String) async throws -> String {
                let created = try await pantry.call(owner, .POST, "/api/locations", ["name": .string(name), "parentId": .string(parent)])
                return try #require(created.json["id"]?.stringValue)
            }
            let door = try await add("Door", under: fridge)
            let shelf = try await add("Top shelf", under: door)
            let flat = try await pantry.call(owner, .GET, "/api/locations/flat").json.arrayValue ?? []
            #expect(flat.first { $0["id"] == .string(shelf) }?["fullPath"] == "Fridge \u{2192} Door \u{2192} Top shelf")
            try await pantry.expect(pantry.call(owner, .DELETE, "/api/locations/\(fridge)"), 200)
            let after = try await pantry.call(owner, .GET, "/api/locations").json
            let rows = after["locations"]?.arrayValue ?? []
            #expect(rows.first { $0["id"] == .string(door) }?["level"] == 0)
            #expect(rows.first { $0["id"] == .string(shelf) }?["level"] == 1, "the whole subtree's levels are recomputed")
            let roots = after["hierarchy"]?.arrayValue ?? []
            #expect(roots.first { $0["id"] == .string(door) }?["children"]?[0]?["id"] == .string(shelf))
        }
    }

    @Test(arguments: TestEngine.available)
    func placesInUseCannotBeDeletedAndNamesAndDepthAreBounded(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let pantryShelf = try await pantry.location(owner, "Pantry")
            try pantry.expect(try await pantry.stock(owner, product: pantry.product(owner, "Salt"), at: pantryShelf, quantity: 2), 201)
            let refused = try await pantry.call(owner, .DELETE, "/api/locations/\(pantryShelf)")
            #expect(refused.json == ["error": "Cannot delete location with inventory items. Move items first.", "itemCount": "1"])
            #expect(try await pantry.call(owner, .POST, "/api/locations", ["name": " "]).json == ["error": "Location name is required"])
            #expect(try await pantry.call(owner, .POST, "/api/locations", ["name": .string(String(repeating: "x", count: 101))]).status == 400)
            var parent = pantryShelf
            for level in 1..<5 {
                let child = try await pantry.call(owner, .POST, "/api/locations", ["name": .string("L\(level)"), "parentId": .string(parent)])
                parent = try #require(child.json["id"]?.stringValue)
            }
            #expect(try await pantry.call(owner, .POST, "/api/locations", ["name": "Too deep", "parentId": .string(parent)]).status == 400)
        }
    }
}
