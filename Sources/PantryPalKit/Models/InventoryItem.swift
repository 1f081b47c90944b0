import HearthCore

/// A stock row: some quantity of one product in one location, optionally with an
/// expiration date. Rows of the same product, location and date are one row (spec §3.7).
public struct InventoryItem: Sendable, Hashable, Codable {
    public var id: String
    public var productID: String
    public var locationID: String?
    public var quantity: Int
    public var unit: String
    /// `YYYY-MM-DD`, exactly as the server stores it.
    public var expirationDate: String?
    public var notes: String?

    public init(
        id: String, productID: String, locationID: String?, quantity: Int, unit: String = "pcs", expirationDate: String? = nil,
        notes: String? = nil
    ) {
        self.id = id
        self.productID = productID
        self.locationID = locationID
        self.quantity = quantity
        self.unit = unit
        self.expirationDate = expirationDate
        self.notes = notes
    }

    enum CodingKeys: String, CodingKey {
        case id, quantity, unit, notes
        case productID = "product_id"
        case locationID = "location_id"
        case expirationDate = "expiration_date"
    }
}

extension InventoryItem {
    /// From a REST or full-sync row (snake_case).
    init?(row: JSONValue) {
        guard let id = row["id"]?.stringValue, let productID = row["product_id"]?.stringValue else { return nil }
        self.init(
            id: id, productID: productID, locationID: row["location_id"]?.stringValue,
            quantity: row["quantity"]?.looseInt ?? 1, unit: row["unit"]?.stringValue ?? "pcs",
            expirationDate: row["expiration_date"]?.stringValue, notes: row["notes"]?.stringValue)
    }

    /// From a change row's snapshot (`productId, quantity, expirationDate, notes,
    /// locationId, unit`). Without `productId` only an existing row can be updated.
    init?(id: String, snapshot: JSONValue, existing: InventoryItem?) {
        guard let productID = snapshot["productId"]?.stringValue ?? existing?.productID else { return nil }
        self.init(
            id: id, productID: productID, locationID: snapshot["locationId"]?.stringValue,
            quantity: snapshot["quantity"]?.looseInt ?? existing?.quantity ?? 1,
            unit: snapshot["unit"]?.stringValue ?? existing?.unit ?? "pcs",
            expirationDate: snapshot["expirationDate"]?.stringValue, notes: snapshot["notes"]?.stringValue)
    }
}
