import HearthCore
import HearthStore

/// The household's grocery list (spec §2.7 with W4, W17, W18).
enum GroceryService {
    static func list(householdID: String, in executor: any SQLExecutor, page: ListPage = .all) async throws -> [GroceryItemRecord] {
        try await executor.query(
            "SELECT \(GroceryItemRecord.columns) FROM pp_grocery_items WHERE household_id = ? ORDER BY created_at DESC, id DESC\(page.sql)",
            [.text(householdID)]
        ).map(GroceryItemRecord.init(row:))
    }

    enum Outcome: Sendable {
        case created(GroceryItemRecord)
        /// The name (or client id) was already on the list; nothing changed.
        case existing(GroceryItemRecord)
    }

    struct Draft: Sendable {
        var name: String?
        var brand: String?
        var upc: String?
        var clientID: String?

        init(fields: RequestFields) throws {
            name = try fields.text("name")
            brand = try fields.text("brand")
            upc = try fields.text("upc")
            clientID = try fields.text("clientId")
        }
    }

    static func add(_ draft: Draft, in write: HouseholdWrite) async throws -> Outcome {
        if let clientID = draft.clientID, let existing = try await find(where: "client_id = ?", .text(clientID), in: write) {
            return .existing(existing)
        }
        guard let name = draft.name else { throw PantryError.badRequest("Item name required") }
        guard name.unicodeScalars.count <= 200 else { throw PantryError.invalidField("Item name must be at most 200 characters") }
        try write.requireWritable(toDo: "add items")
        let normalized = GroceryName.normalized(name)
        if let existing = try await find(where: "normalized_name = ?", .text(normalized), in: write) {
            return .existing(existing)
        }
        if !write.isPremiumActive {
            let row = try await write.executor.queryFirst(
                "SELECT COUNT(*) AS n FROM pp_grocery_items WHERE household_id = ?", [.text(write.householdID)])
            if try (row?.int("n") ?? 0) >= Int64(FreeLimits.groceryRows) {
                throw PantryError.limitReached("Grocery list limit reached", limit: FreeLimits.groceryRows)
            }
        }
        return .created(try await insert(name: name, brand: draft.brand, upc: draft.upc, clientID: draft.clientID, in: write))
    }

    /// Adds without the limit (grocery automation); the caller checked the name is new.
    static func insert(name: String, brand: String?, upc: String?, clientID: String?, in write: HouseholdWrite) async throws -> GroceryItemRecord {
        guard
            let row = try await write.executor.queryFirst(
                """
                INSERT INTO pp_grocery_items (household_id, name, brand, upc, normalized_name, client_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING \(GroceryItemRecord.columns)
                """,
                [
                    .text(write.householdID), .text(name), .init(brand), .init(upc), .text(GroceryName.normalized(name)),
                    .init(clientID), .text(PantryTime.databaseText(write.now)),
                ])
        else { throw StoreError.unexpectedValue(column: "pp_grocery_items.id", expected: "a new row") }
        let item = try GroceryItemRecord(row: row)
        try await write.log(LoggedChange(entityType: .grocery, entityID: String(item.id), action: .create, payload: item.snapshot))
        return item
    }

    /// Removes the household's rows matching `condition`; returns how many went.
    @discardableResult
    static func remove(where condition: String, _ values: SQLValue..., in write: HouseholdWrite) async throws -> Int {
        let items = try await write.executor.query(
            "SELECT \(GroceryItemRecord.columns) FROM pp_grocery_items WHERE household_id = ? AND \(condition)",
            [.text(write.householdID)] + values
        ).map(GroceryItemRecord.init(row:))
        for item in items {
            try await write.executor.execute("DELETE FROM pp_grocery_items WHERE id = ?", [.integer(item.id)])
            try await write.log(LoggedChange(entityType: .grocery, entityID: String(item.id), action: .delete, payload: item.snapshot))
        }
        return items.count
    }

    static func find(where condition: String, _ value: SQLValue, in write: HouseholdWrite) async throws -> GroceryItemRecord? {
        try await write.executor.queryFirst(
            "SELECT \(GroceryItemRecord.columns) FROM pp_grocery_items WHERE household_id = ? AND \(condition)",
            [.text(write.householdID), value]
        ).map(GroceryItemRecord.init(row:))
    }
}
