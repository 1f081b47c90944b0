import Foundation
import GRDB
import HearthCore

/// Optimistic local edits: each changes the local rows and queues the action that carries
/// it to the server, in one transaction.
extension PantryStore {
    /// A product the household defines itself; sent as `POST products` with its client id.
    public func addProduct(_ product: Product) throws {
        try database.write { db in
            try Self.upsert(db, product)
            var body: JSONValue = ["id": .string(product.id), "name": .string(product.name)]
            body["upc"] = product.upc.map(JSONValue.string)
            body["brand"] = product.brand.map(JSONValue.string)
            body["description"] = product.description.map(JSONValue.string)
            body["category"] = product.category.map(JSONValue.string)
            try Self.enqueue(db, .createProduct, EntityKey(.product, product.id), "POST", "products", body: body, at: clock.now)
        }
    }

    /// Keeps a product the server described (a UPC lookup); nothing is queued.
    public func cacheProduct(_ product: Product) throws {
        try database.write { db in
            if try !Self.hasPending(db, EntityKey(.product, product.id)) { try Self.upsert(db, product) }
        }
    }

    /// A new location under `parentID` (or at the root), last among its siblings.
    public func addLocation(id: String, name: String, parentID: String?) throws -> Location {
        try database.write { db in
            let parentLevel = try parentID.flatMap { try Int.fetchOne(db, sql: "SELECT level FROM locations WHERE id = ?", arguments: [$0]) }
            let lastSibling = try Int.fetchOne(
                db, sql: "SELECT MAX(sort_order) FROM locations WHERE parent_id IS ?", arguments: [parentID])
            let location = Location(
                id: id, name: name, parentID: parentID, level: parentLevel.map { $0 + 1 } ?? 0, sortOrder: lastSibling.map { $0 + 1 } ?? 0)
            try Self.upsert(db, location)
            var body: JSONValue = ["id": .string(id), "name": .string(name)]
            body["parentId"] = parentID.map(JSONValue.string)
            try Self.enqueue(db, .createLocation, EntityKey(.location, id), "POST", "locations", body: body, at: clock.now)
            return location
        }
    }

    /// Adds stock. The row with the same product, location and expiration date is topped up
    /// when there is one (spec §3.7); otherwise a row is created with `newID`, unless the
    /// free limit (`rowLimit`, `nil` for premium) is reached.
    public func addStock(
        newID: String, productID: String, locationID: String, quantity: Int, expirationDate: String?, notes: String?, rowLimit: Int?
    ) throws -> (item: InventoryItem, merged: Bool) {
        try database.write { db in
            let existing = try Row.fetchOne(
                db, sql: "SELECT * FROM inventory WHERE product_id = ? AND location_id = ? AND expiration_date IS ? ORDER BY id LIMIT 1",
                arguments: [productID, locationID, expirationDate]
            ).map(InventoryItem.init(stored:))
            if var item = existing {
                item.quantity = try Self.boundedTotal(item.quantity, adding: quantity)
                try db.execute(sql: "UPDATE inventory SET quantity = ? WHERE id = ?", arguments: [item.quantity, item.id])
                try Self.enqueueAdjustment(db, itemID: item.id, by: quantity, newQuantity: item.quantity, at: clock.now)
                return (item, true)
            }
            if let rowLimit, try Self.inventoryCount(db) >= rowLimit { throw PantryPalError.limitReached(rowLimit) }
            let item = InventoryItem(
                id: newID, productID: productID, locationID: locationID, quantity: quantity, expirationDate: expirationDate, notes: notes)
            try Self.upsert(db, item, onServer: false)
            var body: JSONValue = [
                "id": .string(newID), "productId": .string(productID), "locationId": .string(locationID), "quantity": .int(Int64(quantity)),
            ]
            body["expirationDate"] = expirationDate.map(JSONValue.string)
            body["notes"] = notes.map(JSONValue.string)
            try Self.enqueue(db, .createInventory, EntityKey(.inventory, newID), "POST", "inventory", body: body, at: clock.now)
            return (item, false)
        }
    }

    /// Changes a row's quantity by `adjustment`; at zero or below the row is gone (the
    /// server deletes it too). Returns the row afterwards, or `nil` when it was removed.
    public func adjustQuantity(itemID: String, by adjustment: Int) throws -> InventoryItem? {
        try database.write { db in
            guard var item = try Self.inventoryItem(db, id: itemID) else { throw PantryPalError.notFound("The item") }
            item.quantity = try Self.boundedTotal(item.quantity, adding: adjustment)
            if item.quantity <= 0 {
                try db.execute(sql: "DELETE FROM inventory WHERE id = ?", arguments: [itemID])
            } else {
                try db.execute(sql: "UPDATE inventory SET quantity = ? WHERE id = ?", arguments: [item.quantity, itemID])
            }
            try Self.enqueueAdjustment(db, itemID: itemID, by: adjustment, newQuantity: item.quantity, at: clock.now)
            return item.quantity > 0 ? item : nil
        }
    }

    /// `quantity + change`, refused above the most one row may hold (the server would
    /// refuse it too, after the local row already showed it).
    static func boundedTotal(_ quantity: Int, adding change: Int) throws -> Int {
        let limit = InventoryRepository.quantityRange.upperBound
        let (total, overflow) = quantity.addingReportingOverflow(change)
        guard !overflow, total <= limit else {
            throw PantryPalError.invalid("An item holds at most \(limit); it has \(quantity), so this would make too many.")
        }
        return total
    }

    public func removeItem(itemID: String) throws {
        try database.write { db in
            let onServer = try Bool.fetchOne(db, sql: "SELECT on_server FROM inventory WHERE id = ?", arguments: [itemID])
            guard let onServer else { throw PantryPalError.notFound("The item") }
            try db.execute(sql: "DELETE FROM inventory WHERE id = ?", arguments: [itemID])
            try Self.enqueueDeletion(db, itemID: itemID, onServer: onServer, at: clock.now)
        }
    }

    /// Takes one unit of the product with this UPC from the row checkout would pick (FIFO by
    /// expiration) and queues `POST checkout/scan`. `nil` when no product with this UPC is
    /// known here.
    public func checkout(upc: String) throws -> LocalCheckout? {
        try database.write { db in
            let products = try Self.products(db, upc: upc)
            guard let first = products.first else { return nil }
            let placeholders = Array(repeating: "?", count: products.count).joined(separator: ", ")
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM inventory WHERE product_id IN (\(placeholders))", arguments: StatementArguments(products.map(\.id))
            ).map(InventoryItem.init(stored:))
            guard let row = CheckoutOrder.next(from: rows) else { throw PantryPalError.notInStock(first.displayName) }
            let product = products.first { $0.id == row.productID } ?? first
            let remaining = row.quantity - 1
            if remaining <= 0 {
                try db.execute(sql: "DELETE FROM inventory WHERE id = ?", arguments: [row.id])
            } else {
                try db.execute(sql: "UPDATE inventory SET quantity = ? WHERE id = ?", arguments: [remaining, row.id])
            }
            try Self.enqueue(db, .checkout, EntityKey(.inventory, row.id), "POST", "checkout/scan", body: ["upc": .string(upc)], at: clock.now)
            return LocalCheckout(product: product, itemID: row.id, remaining: max(remaining, 0))
        }
    }

    /// Queues `POST checkout/scan` for a product this device does not know, under the
    /// idempotency key a direct attempt already used (it may have been applied).
    func queueCheckout(upc: String, idempotencyKey: String) throws {
        try database.write { db in
            try Self.enqueue(
                db, .checkout, .scannedUPC(upc), "POST", "checkout/scan", body: ["upc": .string(upc)],
                idempotencyKey: idempotencyKey, at: clock.now)
        }
    }

    /// Puts an entry on the shopping list; an entry with the same normalized name is the
    /// same entry. `entryLimit` is the free limit, `nil` with premium.
    @discardableResult
    public func addGroceryItem(_ item: GroceryItem, entryLimit: Int?) throws -> (item: GroceryItem, added: Bool) {
        try database.write { db in
            if let existing = try Row.fetchOne(db, sql: "SELECT * FROM grocery WHERE normalized_name = ?", arguments: [item.normalizedName]) {
                return (GroceryItem(stored: existing), false)
            }
            if let entryLimit, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grocery") ?? 0 >= entryLimit {
                throw PantryPalError.limitReached(entryLimit)
            }
            try Self.upsert(db, item, addedAt: clock.now)
            var body: JSONValue = ["name": .string(item.name), "clientId": .string(UUID().uuidString.lowercased())]
            body["brand"] = item.brand.map(JSONValue.string)
            body["upc"] = item.upc.map(JSONValue.string)
            try Self.enqueue(db, .addGrocery, EntityKey(.grocery, item.normalizedName), "POST", "grocery", body: body, at: clock.now)
            return (item, true)
        }
    }

    /// Takes an entry off the shopping list. An entry whose add was never sent is withdrawn.
    public func removeGroceryItem(normalizedName: String) throws {
        try database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM grocery WHERE normalized_name = ?", arguments: [normalizedName]) else {
                throw PantryPalError.notFound("The shopping list entry")
            }
            let item = GroceryItem(stored: row)
            let entity = EntityKey(.grocery, normalizedName)
            try db.execute(sql: "DELETE FROM grocery WHERE normalized_name = ?", arguments: [normalizedName])
            let actions = try Self.pendingActions(db, for: entity)
            if item.serverID == nil, let add = actions.last, add.kind == .addGrocery, add.isUnsent {
                try Self.removeAction(db, position: add.position)
                return
            }
            let path = item.serverID.map { "grocery/\($0)" } ?? "grocery/by-name/\(PantryPalAPI.pathSegment(normalizedName))"
            try Self.enqueue(db, .removeGrocery, entity, "DELETE", path, body: nil, at: clock.now)
        }
    }
}

/// What a local checkout took.
public struct LocalCheckout: Sendable, Hashable {
    public var product: Product
    /// The stock row it was taken from.
    public var itemID: String
    /// What is left in that row (0 = the row is gone).
    public var remaining: Int
}
