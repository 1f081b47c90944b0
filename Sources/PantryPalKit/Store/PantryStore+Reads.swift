import GRDB
import HearthCore

extension PantryStore {
    public func products() throws -> [Product] {
        try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM products ORDER BY name, id").map(Product.init(stored:)) }
    }

    public func product(id: String) throws -> Product? {
        try database.read { db in try Self.product(db, id: id) }
    }

    static func product(_ db: Database, id: String) throws -> Product? {
        try Row.fetchOne(db, sql: "SELECT * FROM products WHERE id = ?", arguments: [id]).map(Product.init(stored:))
    }

    /// Products with this UPC, the household's own first (they shadow global ones, W13),
    /// including the legacy `<upc>-<householdId>` convention of custom products.
    public func products(upc: String) throws -> [Product] {
        try database.read { db in try Self.products(db, upc: upc) }
    }

    static func products(_ db: Database, upc: String) throws -> [Product] {
        let suffixed = try household(db).map { "\(upc)-\($0.id)" } ?? upc
        return try Row.fetchAll(
            db, sql: "SELECT * FROM products WHERE upc IN (?, ?) ORDER BY is_custom DESC, household_id IS NULL, id",
            arguments: [upc, suffixed]
        ).map(Product.init(stored:))
    }

    /// Products that stock refers to but this device does not have (a member stocked a
    /// catalogue product the change log never announced to this household).
    func productIDsMissingFromStock(limit: Int) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT DISTINCT product_id FROM inventory WHERE product_id NOT IN (SELECT id FROM products) LIMIT ?",
                arguments: [limit])
        }
    }

    /// Stores products fetched from the server.
    func saveProducts(_ products: [Product]) throws {
        try database.write { db in
            for product in products { try Self.upsert(db, product) }
        }
    }

    public func inventory() throws -> [InventoryItem] {
        try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM inventory ORDER BY id").map(InventoryItem.init(stored:)) }
    }

    public func inventoryItem(id: String) throws -> InventoryItem? {
        try database.read { db in try Self.inventoryItem(db, id: id) }
    }

    static func inventoryItem(_ db: Database, id: String) throws -> InventoryItem? {
        try Row.fetchOne(db, sql: "SELECT * FROM inventory WHERE id = ?", arguments: [id]).map(InventoryItem.init(stored:))
    }

    static func inventoryCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM inventory") ?? 0
    }

    public func locations() throws -> [Location] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM locations ORDER BY level, sort_order, name, id").map(Location.init(stored:))
        }
    }

    /// Newest first, as the app lists it.
    public func grocery() throws -> [GroceryItem] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM grocery ORDER BY added_at DESC, normalized_name").map(GroceryItem.init(stored:))
        }
    }

    public func pendingActions() throws -> [PendingAction] {
        try database.read { db in try Self.pendingActions(db) }
    }

    /// Queued actions oldest first; rows this version cannot read (a kind from a newer
    /// version) are left alone.
    static func pendingActions(_ db: Database, for entity: EntityKey? = nil) throws -> [PendingAction] {
        if let entity {
            return try Row.fetchAll(
                db, sql: "SELECT * FROM pending_actions WHERE entity_type = ? AND entity_id = ? ORDER BY position",
                arguments: [entity.type.rawValue, entity.id]
            ).compactMap(PendingAction.init(stored:))
        }
        return try Row.fetchAll(db, sql: "SELECT * FROM pending_actions ORDER BY position").compactMap(PendingAction.init(stored:))
    }

    static func pendingAction(_ db: Database, position: Int64) throws -> PendingAction? {
        try Row.fetchOne(db, sql: "SELECT * FROM pending_actions WHERE position = ?", arguments: [position]).flatMap(PendingAction.init(stored:))
    }

    public func pendingCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending_actions") ?? 0 }
    }

    /// Where the rejection log stands now: rejections logged later are those after it,
    /// however many older ones were trimmed meanwhile.
    public func rejectionMarker() throws -> Int64 {
        try database.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM rejections") ?? 0 }
    }

    static func hasPending(_ db: Database, _ entity: EntityKey) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS(SELECT 1 FROM pending_actions WHERE entity_type = ? AND entity_id = ?)",
            arguments: [entity.type.rawValue, entity.id]) ?? false
    }

    /// Refused actions, oldest first (the newest 100 are kept); with `marker`, only those
    /// logged after it (see ``rejectionMarker()``).
    public func rejections(after marker: Int64? = nil) throws -> [ActionRejection] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM rejections WHERE id > ? ORDER BY id", arguments: [marker ?? 0]).compactMap { row in
                guard let kind = PendingAction.Kind(rawValue: row["kind"]),
                    let type = EntityKey.EntityType(rawValue: row["entity_type"])
                else { return nil }
                return ActionRejection(
                    kind: kind, entity: EntityKey(type, row["entity_id"]), status: row["status"], code: row["code"],
                    message: row["message"], at: Timestamp(millisecondsSince1970: row["at"]))
            }
        }
    }
}

extension Product {
    init(stored row: Row) {
        self.init(
            id: row["id"], upc: row["upc"], name: row["name"], brand: row["brand"], description: row["description"],
            imageURL: row["image_url"], category: row["category"], isCustom: row["is_custom"], householdID: row["household_id"])
    }
}

extension InventoryItem {
    init(stored row: Row) {
        self.init(
            id: row["id"], productID: row["product_id"], locationID: row["location_id"], quantity: row["quantity"],
            unit: row["unit"], expirationDate: row["expiration_date"], notes: row["notes"])
    }
}

extension Location {
    init(stored row: Row) {
        self.init(id: row["id"], name: row["name"], parentID: row["parent_id"], level: row["level"], sortOrder: row["sort_order"])
    }
}

extension GroceryItem {
    init(stored row: Row) {
        self.init(name: row["name"], brand: row["brand"], upc: row["upc"], serverID: row["server_id"])
        normalizedName = row["normalized_name"]
    }
}

extension PendingAction {
    /// `nil` for a kind or entity type this version does not know.
    init?(stored row: Row) {
        guard let kind = PendingAction.Kind(rawValue: row["kind"]), let type = EntityKey.EntityType(rawValue: row["entity_type"])
        else { return nil }
        let bodyText: String? = row["body"]
        self.init(
            position: row["position"], idempotencyKey: row["idempotency_key"], kind: kind, entity: EntityKey(type, row["entity_id"]),
            method: row["method"], path: row["path"], body: bodyText.flatMap { try? JSONParser().parse($0) },
            createdAt: Timestamp(millisecondsSince1970: row["created_at"]), attempts: row["attempts"], lastError: row["last_error"],
            firstAttemptAt: (row["first_attempt_at"] as Int64?).map(Timestamp.init(millisecondsSince1970:)))
    }
}
