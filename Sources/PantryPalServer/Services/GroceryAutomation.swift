import HearthCore
import HearthStore

/// Premium households' grocery list follows their stock (spec §3.4 as hardened by W9):
/// the household's **total** stock of a product reaching zero through consumption adds
/// the product, and rising from zero removes it again (UPC first, then name).
enum GroceryAutomation {
    /// After consumption (checkout, PATCH, PUT to 0). Returns whether the product was added.
    static func consumed(productID: String, in write: HouseholdWrite) async throws -> Bool {
        guard write.isPremiumActive,
            try await InventoryRecord.totalStock(productID: productID, householdID: write.householdID, in: write.executor) == 0,
            let product = try await ProductRecord.find(id: productID, in: write.executor)
        else { return false }
        let normalized = GroceryName.normalized(product.name)
        if try await GroceryService.find(where: "normalized_name = ?", .text(normalized), in: write) != nil { return false }
        _ = try await GroceryService.insert(name: product.name, brand: product.brand, upc: product.upc, clientID: nil, in: write)
        return true
    }

    /// After any path that creates or increases stock.
    static func restocked(productID: String, stockBefore: Int64, in write: HouseholdWrite) async throws {
        guard write.isPremiumActive, stockBefore <= 0,
            try await InventoryRecord.totalStock(productID: productID, householdID: write.householdID, in: write.executor) > 0,
            let product = try await ProductRecord.find(id: productID, in: write.executor)
        else { return }
        if let upc = product.upc, try await GroceryService.remove(where: "upc = ?", .text(upc), in: write) > 0 { return }
        try await GroceryService.remove(where: "normalized_name = ?", .text(GroceryName.normalized(product.name)), in: write)
    }
}
