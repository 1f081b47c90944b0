import HearthCore
import HearthServer
import Hummingbird

/// `/api/locations` (spec §2.5 hardened by W4, W19).
struct LocationRoutes: Sendable {
    let transactions: HouseholdTransactions

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.post("seed-defaults") { _, context in
            try await transactions.answer(userID: try context.requireUser()) { write in
                guard let seeded = try await LocationService.seedDefaults(in: write) else {
                    return PantryAnswer(["message": "Locations already exist", "seeded": false])
                }
                return PantryAnswer(["message": "Default locations created", "seeded": true, "locations": .array(seeded.map(\.json))])
            }
        }
        group.get { _, context in
            let locations = try await all(userID: try context.requireUser())
            return Response.json(LocationTree(locations).json)
        }
        group.get("flat") { _, context in
            let locations = try await all(userID: try context.requireUser())
            return Response.json(.array(LocationTree(locations).flat))
        }
        group.post { request, context in
            let fields = try await RequestFields.read(request, context: context)
            let id = try fields.clientID()
            let name = try fields.string("name")
            let parentID = try fields.text("parentId")
            return try await transactions.answer(userID: try context.requireUser()) { write in
                switch try await LocationService.create(id: id, name: name, parentID: parentID, in: write) {
                case .created(let location): return PantryAnswer(location.json, status: .created)
                case .replayed(let location): return PantryAnswer(location.json)
                }
            }
        }
        group.put(":id") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            let id = try context.pantryParameter("id")
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.locationNotFound) { write in
                PantryAnswer(try await LocationService.edit(id: id, fields: fields, in: write).json)
            }
        }
        group.delete(":id") { _, context in
            let id = try context.pantryParameter("id")
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.locationNotFound) { write in
                try await LocationService.delete(id: id, in: write)
                return PantryAnswer(["success": true, "message": "Location deleted"])
            }
        }
    }

    private func all(userID: String) async throws -> [LocationRecord] {
        try await transactions.read(userID: userID) { householdID, executor in
            guard let householdID else { return [] }
            return try await LocationRecord.all(householdID: householdID, in: executor)
        }
    }
}
