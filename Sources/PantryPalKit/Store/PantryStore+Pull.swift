import GRDB
import HearthCore

/// Applying what the server sends: change rows by cursor, or a full snapshot. An entity
/// with a queued action keeps its local state. The answer to that action does not always
/// bring a newer change (a DELETE of a row already gone, an add of an entry the list
/// already has), so whatever is skipped makes the next pull a full one.
extension PantryStore {
    /// What applying one change did.
    enum ChangeOutcome {
        case applied
        /// Not applied because the entity has a queued action.
        case skipped
        /// Nothing here to change (entity types this device does not keep).
        case ignored
    }

    /// Applies one page of changes and stores the cursor after it, in one transaction.
    /// Returns how many changes were applied (skipped ones excluded).
    @discardableResult
    func apply(_ changes: [ChangeRow], cursor: Int64) throws -> Int {
        try database.write { db in
            var applied = 0
            for change in changes {
                switch try Self.apply(db, change, at: clock.now) {
                case .applied: applied += 1
                case .skipped: try Self.setState(db, .needsFullSync, "1")
                case .ignored: break
                }
            }
            try Self.setState(db, .cursor, String(cursor))
            return applied
        }
    }

    static func apply(_ db: Database, _ change: ChangeRow, at now: Timestamp) throws -> ChangeOutcome {
        switch change.entityType {
        case "inventory":
            let entity = EntityKey(.inventory, change.entityID)
            guard try !hasPending(db, entity) else { return .skipped }
            let existing = try inventoryItem(db, id: change.entityID)
            guard change.action != .delete,
                let item = InventoryItem(id: change.entityID, snapshot: change.snapshot, existing: existing), item.quantity > 0
            else {
                try delete(db, entity)
                return .applied
            }
            try upsert(db, item, onServer: true)
        case "product":
            let entity = EntityKey(.product, change.entityID)
            guard try !hasPending(db, entity) else { return .skipped }
            if change.action == .delete {
                try delete(db, entity)
            } else {
                try upsert(db, Product(id: change.entityID, snapshot: change.snapshot))
            }
        case "location":
            let entity = EntityKey(.location, change.entityID)
            guard try !hasPending(db, entity) else { return .skipped }
            if change.action != .delete, let location = Location(id: change.entityID, snapshot: change.snapshot) {
                try upsert(db, location)
            } else {
                try delete(db, entity)
            }
        case "grocery":
            return try applyGrocery(db, change, at: now)
        default:
            return .ignored
        }
        return .applied
    }

    private static func applyGrocery(_ db: Database, _ change: ChangeRow, at now: Timestamp) throws -> ChangeOutcome {
        let serverID = Int64(change.entityID)
        let storedName = try serverID.flatMap {
            try String.fetchOne(db, sql: "SELECT normalized_name FROM grocery WHERE server_id = ?", arguments: [$0])
        }
        let snapshotName = change.snapshot["normalizedName"]?.stringValue ?? change.snapshot["name"]?.stringValue.map(GroceryName.normalized)
        guard let name = storedName ?? snapshotName else { return .ignored }
        guard try !hasPending(db, EntityKey(.grocery, name)) else { return .skipped }
        if change.action == .delete {
            try delete(db, EntityKey(.grocery, name))
            if let snapshotName, snapshotName != name {
                guard try !hasPending(db, EntityKey(.grocery, snapshotName)) else { return .skipped }
                try delete(db, EntityKey(.grocery, snapshotName))
            }
        } else if let item = GroceryItem(entityID: change.entityID, snapshot: change.snapshot) {
            if item.normalizedName != name, try hasPending(db, EntityKey(.grocery, item.normalizedName)) { return .skipped }
            try upsert(db, item, addedAt: now)
        }
        return .applied
    }

    /// Replaces the household's data with `snapshot` — except entities with queued
    /// actions, which keep their local state — and continues the feed from its cursor.
    /// While anything is queued the next pull is a full one again (what was kept here may
    /// never come back as a change).
    func apply(_ snapshot: FullSnapshot) throws {
        try database.write { db in
            let pending = Set(try Self.pendingActions(db).map(\.entity))
            func keep(_ type: EntityKey.EntityType, _ id: String) -> Bool { pending.contains(EntityKey(type, id)) }

            let inventoryIDs = Set(snapshot.inventory.map(\.id))
            for id in try String.fetchAll(db, sql: "SELECT id FROM inventory") where !inventoryIDs.contains(id) && !keep(.inventory, id) {
                try Self.delete(db, EntityKey(.inventory, id))
            }
            for item in snapshot.inventory where !keep(.inventory, item.id) { try Self.upsert(db, item, onServer: true) }

            let locationIDs = Set(snapshot.locations.map(\.id))
            for id in try String.fetchAll(db, sql: "SELECT id FROM locations") where !locationIDs.contains(id) && !keep(.location, id) {
                try Self.delete(db, EntityKey(.location, id))
            }
            for location in snapshot.locations where !keep(.location, location.id) { try Self.upsert(db, location) }

            let groceryNames = Set(snapshot.grocery.map(\.normalizedName))
            for name in try String.fetchAll(db, sql: "SELECT normalized_name FROM grocery")
            where !groceryNames.contains(name) && !keep(.grocery, name) {
                try Self.delete(db, EntityKey(.grocery, name))
            }
            for item in snapshot.grocery where !keep(.grocery, item.normalizedName) { try Self.upsert(db, item, addedAt: clock.now) }

            // Products are a catalogue cache: ones still referenced locally stay.
            for product in snapshot.products where !keep(.product, product.id) { try Self.upsert(db, product) }
            let productIDs = Set(snapshot.products.map(\.id))
            let referenced = Set(try String.fetchAll(db, sql: "SELECT DISTINCT product_id FROM inventory"))
            for id in try String.fetchAll(db, sql: "SELECT id FROM products")
            where !productIDs.contains(id) && !keep(.product, id) && !referenced.contains(id) {
                try Self.delete(db, EntityKey(.product, id))
            }

            try Self.setState(db, .cursor, String(snapshot.cursor))
            try Self.setState(db, .needsFullSync, pending.isEmpty ? nil : "1")
        }
    }

    // MARK: Learning from answers

    /// The server kept a product under another id than the one this device chose (it
    /// already had the household's product with that UPC): every local reference moves.
    static func replaceProductID(_ db: Database, _ oldID: String, with product: Product) throws {
        try db.execute(sql: "DELETE FROM products WHERE id = ?", arguments: [oldID])
        try upsert(db, product)
        try db.execute(sql: "UPDATE inventory SET product_id = ? WHERE product_id = ?", arguments: [product.id, oldID])
        for action in try pendingActions(db) where action.body?["productId"]?.stringValue == oldID {
            guard var body = action.body else { continue }
            body["productId"] = .string(product.id)
            try setBody(db, position: action.position, body)
        }
        try db.execute(
            sql: "UPDATE pending_actions SET entity_id = ? WHERE entity_type = 'product' AND entity_id = ?", arguments: [product.id, oldID])
    }

    /// The server's number for a shopping list entry this device added.
    static func learnGroceryServerID(_ db: Database, normalizedName: String, serverID: Int64) throws {
        try db.execute(sql: "UPDATE grocery SET server_id = NULL WHERE server_id = ? AND normalized_name <> ?", arguments: [serverID, normalizedName])
        try db.execute(sql: "UPDATE grocery SET server_id = ? WHERE normalized_name = ?", arguments: [serverID, normalizedName])
    }
}
