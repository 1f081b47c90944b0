import Foundation
import HearthCore
import HearthStore

/// Taking one unit of a product out of the pantry by its UPC (spec §2.6 hardened by W9):
/// one transaction picks the row that expires first, decrements or removes it, records
/// exactly one history row, logs both and runs grocery automation.
enum CheckoutService {
    static func scan(upc: String, in write: HouseholdWrite) async throws -> JSONValue {
        let executor = write.executor
        guard let product = try await ProductCatalog.resolve(upc: upc, householdID: write.householdID, in: executor) else {
            return ["success": false, "error": "Product not found", "found": false, "upc": .string(upc)]
        }
        let rows = try await InventoryRecord.all(
            householdID: write.householdID, in: executor, where: "AND i.product_id = ? AND i.quantity > 0", [.text(product.id)],
            orderBy: "CASE WHEN i.expiration_date IS NULL THEN 1 ELSE 0 END, i.expiration_date, i.created_at, i.id")
        guard var item = rows.first else {
            return [
                "success": false, "error": "Item not in inventory", "found": true, "inStock": false,
                "product": ["id": .string(product.id), "name": .string(product.name), "brand": .init(product.brand)],
            ]
        }
        let previous = item.quantity
        let deleted = previous <= 1
        if deleted {
            try await InventoryService.delete(item, in: write)
        } else {
            try await executor.execute(
                "UPDATE pp_inventory SET quantity = ?, updated_at = ? WHERE id = ?",
                [.integer(previous - 1), .text(PantryTime.isoMillis(write.now)), .text(item.id)])
            item = try await InventoryService.reload(item.id, in: write)
            try await write.log(LoggedChange(entityType: .inventory, entityID: item.id, action: .update, payload: item.snapshot))
        }
        let checkoutID = UUID().uuidString.lowercased()
        let checkedOutAt = PantryTime.isoMillis(write.now)
        try await executor.execute(
            """
            INSERT INTO pp_checkout_history (id, inventory_id, product_id, household_id, user_id, quantity, checked_out_at)
            VALUES (?, ?, ?, ?, ?, 1, ?)
            """,
            [.text(checkoutID), .text(item.id), .text(product.id), .text(write.householdID), .text(write.user.id), .text(checkedOutAt)])
        try await write.log(LoggedChange(
            entityType: .checkout, entityID: checkoutID, action: .create,
            payload: [
                "productId": .string(product.id), "inventoryId": .string(item.id), "quantity": 1,
                "checkedOutAt": .string(checkedOutAt), "userId": .string(write.user.id),
            ]))
        let addedToGrocery = try await GroceryAutomation.consumed(productID: product.id, in: write)
        var inventoryItem: JSONValue = .null
        if !deleted, case .object(var object) = item.json(.standard) {
            object["product_image"] = .init(item.productImageURL)
            inventoryItem = .object(object)
        }
        let displayName = product.brand.map { "\($0) \(product.name)" } ?? product.name
        return [
            "success": true, "message": .string("Checked out 1x \(product.name)"),
            "product": [
                "id": .string(product.id), "name": .string(product.name), "brand": .init(product.brand), "imageUrl": .init(product.imageURL),
            ],
            "previousQuantity": .int(previous), "newQuantity": .int(deleted ? 0 : previous - 1), "itemDeleted": .bool(deleted),
            "inventoryItem": inventoryItem, "inventoryId": .string(item.id), "checkoutId": .string(checkoutID),
            "productName": .string(displayName),
            "addedToGrocery": .bool(addedToGrocery),
        ]
    }
}
