import HearthCore

/// An entry of the household's shopping list. The server numbers entries itself; until
/// it has answered, an entry is known by its normalized name (unique per household) and
/// the client id it was sent with.
public struct GroceryItem: Sendable, Hashable, Codable {
    public var name: String
    public var brand: String?
    public var upc: String?
    public var normalizedName: String
    /// The server's integer id, once known.
    public var serverID: Int64?

    public init(name: String, brand: String? = nil, upc: String? = nil, serverID: Int64? = nil) {
        self.name = name
        self.brand = brand
        self.upc = upc
        self.normalizedName = GroceryName.normalized(name)
        self.serverID = serverID
    }

    enum CodingKeys: String, CodingKey {
        case name, brand, upc
        case normalizedName = "normalized_name"
        case serverID = "id"
    }
}

extension GroceryItem {
    /// From a REST or full-sync row (`{id (integer), name, brand, upc, normalized_name?}`).
    init?(row: JSONValue) {
        guard let name = row["name"]?.stringValue else { return nil }
        self.init(name: name, brand: row["brand"]?.stringValue, upc: row["upc"]?.stringValue, serverID: row["id"]?.intValue)
        if let normalized = row["normalized_name"]?.stringValue { normalizedName = normalized }
    }

    /// From a change row: `entity_id` is the server id in decimal, the snapshot holds
    /// `name, brand, upc, normalizedName`.
    init?(entityID: String, snapshot: JSONValue) {
        guard let name = snapshot["name"]?.stringValue else { return nil }
        self.init(name: name, brand: snapshot["brand"]?.stringValue, upc: snapshot["upc"]?.stringValue, serverID: Int64(entityID))
        if let normalized = snapshot["normalizedName"]?.stringValue { normalizedName = normalized }
    }
}
