import HearthCore

/// A product the household can stock: a global catalogue entry (found by UPC) or one of
/// the household's own custom products.
public struct Product: Sendable, Hashable, Codable {
    public var id: String
    public var upc: String?
    public var name: String
    public var brand: String?
    public var description: String?
    public var imageURL: String?
    public var category: String?
    public var isCustom: Bool
    /// `nil` for global products.
    public var householdID: String?

    public init(
        id: String, upc: String? = nil, name: String, brand: String? = nil, description: String? = nil, imageURL: String? = nil,
        category: String? = nil, isCustom: Bool = false, householdID: String? = nil
    ) {
        self.id = id
        self.upc = upc
        self.name = name
        self.brand = brand
        self.description = description
        self.imageURL = imageURL
        self.category = category
        self.isCustom = isCustom
        self.householdID = householdID
    }

    /// "Brand Name", or the name alone: how the app names a product in messages.
    public var displayName: String {
        guard let brand, !brand.isEmpty else { return name }
        return "\(brand) \(name)"
    }

    enum CodingKeys: String, CodingKey {
        case id, upc, name, brand, description, category
        case imageURL = "image_url"
        case isCustom = "is_custom"
        case householdID = "household_id"
    }
}

extension Product {
    /// From a REST or full-sync row (`{id, upc, name, brand, description, image_url,
    /// category, is_custom (0|1|bool), household_id, …}`).
    init?(row: JSONValue) {
        guard let id = row["id"]?.stringValue, let name = row["name"]?.stringValue else { return nil }
        self.init(
            id: id, upc: row["upc"]?.stringValue, name: name, brand: row["brand"]?.stringValue,
            description: row["description"]?.stringValue, imageURL: row["image_url"]?.stringValue,
            category: row["category"]?.stringValue, isCustom: row["is_custom"]?.looseBool ?? false,
            householdID: row["household_id"]?.stringValue)
    }

    /// From a change row's snapshot; the keys are the row's (docs/PANTRYPAL.md), so the
    /// same reading applies. A missing name keeps the app's placeholder.
    init(id: String, snapshot: JSONValue) {
        var row = snapshot
        row["id"] = .string(id)
        if row["name"]?.stringValue == nil { row["name"] = "Unknown" }
        self = Product(row: row) ?? Product(id: id, name: "Unknown")
    }
}

extension JSONValue {
    /// `true`/`false`, or a number where non-zero is true (SQLite's booleans).
    var looseBool: Bool? {
        if let boolValue { return boolValue }
        if let number = doubleValue { return number != 0 }
        return nil
    }

    /// A whole number from an integer or a fractional value (rounded towards zero).
    var looseInt: Int? {
        if let intValue { return Int(intValue) }
        if let doubleValue, doubleValue.isFinite, abs(doubleValue) < 1e15 { return Int(doubleValue) }
        if let stringValue { return Int(stringValue) }
        return nil
    }
}
