import GRDB
import HearthCore

/// Row-level writes shared by local edits and pulled changes.
extension PantryStore {
    static func upsert(_ db: Database, _ product: Product) throws {
        try db.execute(
            sql: """
                INSERT INTO products (id, upc, name, brand, description, image_url, category, is_custom, household_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET upc = excluded.upc, name = excluded.name, brand = excluded.brand,
                    description = excluded.description, image_url = excluded.image_url, category = excluded.category,
                    is_custom = excluded.is_custom, household_id = excluded.household_id
                """,
            arguments: [
                product.id, product.upc, product.name, product.brand, product.description, product.imageURL, product.category,
                product.isCustom, product.householdID,
            ])
    }

    static func upsert(_ db: Database, _ item: InventoryItem, onServer: Bool) throws {
        try db.execute(
            sql: """
                INSERT INTO inventory (id, product_id, location_id, quantity, unit, expiration_date, notes, on_server)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, location_id = excluded.location_id,
                    quantity = excluded.quantity, unit = excluded.unit, expiration_date = excluded.expiration_date,
                    notes = excluded.notes, on_server = MAX(on_server, excluded.on_server)
                """,
            arguments: [
                item.id, item.productID, item.locationID, item.quantity, item.unit, item.expirationDate, item.notes, onServer,
            ])
    }

    static func upsert(_ db: Database, _ location: Location) throws {
        try db.execute(
            sql: """
                INSERT INTO locations (id, name, parent_id, level, sort_order) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, parent_id = excluded.parent_id, level = excluded.level,
                    sort_order = excluded.sort_order
                """, arguments: [location.id, location.name, location.parentID, location.level, location.sortOrder])
    }

    /// Keyed by normalized name; a server id moves with the entry it belongs to.
    static func upsert(_ db: Database, _ item: GroceryItem, addedAt: Timestamp) throws {
        if let serverID = item.serverID {
            try db.execute(
                sql: "DELETE FROM grocery WHERE server_id = ? AND normalized_name <> ?", arguments: [serverID, item.normalizedName])
        }
        try db.execute(
            sql: """
                INSERT INTO grocery (normalized_name, name, brand, upc, server_id, added_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (normalized_name) DO UPDATE SET name = excluded.name, brand = excluded.brand, upc = excluded.upc,
                    server_id = COALESCE(excluded.server_id, server_id)
                """,
            arguments: [item.normalizedName, item.name, item.brand, item.upc, item.serverID, addedAt.millisecondsSince1970])
    }

    static func delete(_ db: Database, _ entity: EntityKey) throws {
        switch entity.type {
        case .product: try db.execute(sql: "DELETE FROM products WHERE id = ?", arguments: [entity.id])
        case .inventory: try db.execute(sql: "DELETE FROM inventory WHERE id = ?", arguments: [entity.id])
        case .location: try db.execute(sql: "DELETE FROM locations WHERE id = ?", arguments: [entity.id])
        case .grocery: try db.execute(sql: "DELETE FROM grocery WHERE normalized_name = ?", arguments: [entity.id])
        }
    }
}
