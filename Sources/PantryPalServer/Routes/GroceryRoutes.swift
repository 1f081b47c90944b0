import HearthCore
import HearthServer
import Hummingbird

/// `/api/grocery` (spec §2.7 hardened by W4, W17, W18).
struct GroceryRoutes: Sendable {
    let transactions: HouseholdTransactions

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.get { request, context in
            let page = try ListPage(query: request.query)
            let items = try await transactions.read(userID: try context.requireUser()) { householdID, executor in
                guard let householdID else { return [GroceryItemRecord]() }
                return try await GroceryService.list(householdID: householdID, in: executor, page: page)
            }
            return Response.json(.array(items.map { $0.json() }))
        }
        group.post { request, context in
            let draft = try GroceryService.Draft(fields: try await RequestFields.read(request, context: context))
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.groceryNeedsHousehold) { write in
                switch try await GroceryService.add(draft, in: write) {
                case .created(let item): return PantryAnswer(item.json(includingNormalizedName: true), status: .created)
                case .existing(let item): return PantryAnswer(item.json(includingNormalizedName: true))
                }
            }
        }
        group.delete(":id") { _, context in
            guard let id = Int64(try context.pantryParameter("id")) else { throw PantryError.notFound("Item not found") }
            return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.groceryNeedsHousehold) { write in
                guard try await GroceryService.remove(where: "id = ?", .integer(id), in: write) > 0 else {
                    throw PantryError.notFound("Item not found")
                }
                return PantryAnswer(["success": true])
            }
        }
        for (path, column) in [("by-upc/:value", "upc"), ("by-name/:value", "normalized_name")] {
            group.delete(RouterPath(path)) { _, context in
                let value = try context.pantryParameter("value")
                return try await transactions.answer(userID: try context.requireUser(), orElse: PantryError.groceryNeedsHousehold) { write in
                    let removed = try await GroceryService.remove(where: "\(column) = ?", .text(value), in: write)
                    return PantryAnswer(["success": true, "removed": .bool(removed > 0), "count": .int(Int64(removed))])
                }
            }
        }
    }
}
