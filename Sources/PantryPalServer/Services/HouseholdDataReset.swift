import HearthCore
import HearthStore

/// `DELETE /household/data` (spec §2.2, W16): the owner empties the household — items,
/// checkout history, custom products, locations, grocery list and invites — in one
/// transaction, logging a delete for every entity so other devices remove them too.
/// Members, the household itself and the global catalogue stay.
enum HouseholdDataReset {
    static func run(in write: HouseholdWrite) async throws {
        guard write.household.ownerID == write.user.id else {
            throw PantryError.forbidden("Only the household owner can delete household data", code: "OWNER_REQUIRED")
        }
        let executor = write.executor
        let household: [SQLValue] = [.text(write.householdID)]
        for item in try await InventoryRecord.all(householdID: write.householdID, in: executor) {
            try await InventoryService.delete(item, in: write)
        }
        try await executor.execute("DELETE FROM pp_inventory WHERE household_id = ?", household)
        let checkouts = try await executor.query(
            "SELECT id, product_id, inventory_id, quantity, checked_out_at, user_id FROM pp_checkout_history WHERE household_id = ?", household)
        for row in checkouts {
            try await write.log(LoggedChange(
                entityType: .checkout, entityID: try row.string("id"), action: .delete,
                payload: [
                    "productId": .string(try row.string("product_id")), "inventoryId": .init(try row.optionalString("inventory_id")),
                    "quantity": .int(try row.int("quantity")), "checkedOutAt": .string(try row.string("checked_out_at")),
                    "userId": .string(try row.string("user_id")),
                ]))
        }
        try await executor.execute("DELETE FROM pp_checkout_history WHERE household_id = ?", household)
        let products = try await executor.query(
            "SELECT \(ProductRecord.columns) FROM pp_products WHERE household_id = ? AND deleted_at IS NULL", household
        ).map(ProductRecord.init(row:))
        for product in products {
            try await write.log(LoggedChange(entityType: .product, entityID: product.id, action: .delete, payload: product.snapshot))
        }
        try await executor.execute("DELETE FROM pp_products WHERE household_id = ?", household)
        for location in try await LocationRecord.all(householdID: write.householdID, in: executor) {
            try await write.log(LoggedChange(entityType: .location, entityID: location.id, action: .delete, payload: location.snapshot))
        }
        try await executor.execute("DELETE FROM pp_locations WHERE household_id = ?", household)
        try await GroceryService.remove(where: "1 = 1", in: write)
        try await executor.execute("DELETE FROM pp_invite_codes WHERE household_id = ?", household)
    }
}
