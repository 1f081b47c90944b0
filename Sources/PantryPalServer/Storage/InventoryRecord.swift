import HearthCore
import HearthStore

/// A row of `pp_inventory` read with its product and location (inner product join, so
/// rows of a vanished product are not shown; outer location join).
struct InventoryRecord: Sendable, Hashable {
    /// Which joined fields an endpoint shows (spec §2.4's table).
    enum Shape: Sendable {
        /// Product name/brand/UPC/image, category and location name.
        case full
        /// Without the category.
        case standard
        /// Product name/brand/UPC/image only (PATCH quantity).
        case productOnly
    }

    static let select = """
        SELECT i.id, i.product_id, i.household_id, i.location_id, i.quantity, i.unit, i.expiration_date, i.notes,
               i.created_at, i.updated_at, p.name AS product_name, p.brand AS product_brand, p.upc AS product_upc,
               p.image_url AS product_image_url, p.category AS product_category, l.name AS location_name
        FROM pp_inventory i JOIN pp_products p ON p.id = i.product_id LEFT JOIN pp_locations l ON l.id = i.location_id
        """

    var id: String
    var productID: String
    var householdID: String
    var locationID: String?
    var quantity: Int64
    var unit: String
    var expirationDate: String?
    var notes: String?
    var createdAt: String
    var updatedAt: String
    var productName: String
    var productBrand: String?
    var productUPC: String?
    var productImageURL: String?
    var productCategory: String?
    var locationName: String?

    init(row: SQLRow) throws {
        id = try row.string("id")
        productID = try row.string("product_id")
        householdID = try row.string("household_id")
        locationID = try row.optionalString("location_id")
        quantity = try row.int("quantity")
        unit = try row.string("unit")
        expirationDate = try row.optionalString("expiration_date")
        notes = try row.optionalString("notes")
        createdAt = try row.string("created_at")
        updatedAt = try row.string("updated_at")
        productName = try row.string("product_name")
        productBrand = try row.optionalString("product_brand")
        productUPC = try row.optionalString("product_upc")
        productImageURL = try row.optionalString("product_image_url")
        productCategory = try row.optionalString("product_category")
        locationName = try row.optionalString("location_name")
    }

    func json(_ shape: Shape) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "product_id": .string(productID), "household_id": .string(householdID),
            "location_id": .init(locationID), "quantity": .int(quantity), "unit": .string(unit),
            "expiration_date": .init(expirationDate), "notes": .init(notes), "created_at": .string(createdAt),
            "updated_at": .string(updatedAt), "product_name": .string(productName), "product_brand": .init(productBrand),
            "product_upc": .init(productUPC), "product_image_url": .init(productImageURL),
        ]
        if shape != .productOnly { object["location_name"] = .init(locationName) }
        if shape == .full { object["product_category"] = .init(productCategory) }
        return .object(object)
    }

    /// The change-log snapshot (W3).
    var snapshot: JSONValue {
        [
            "productId": .string(productID), "quantity": .int(quantity), "expirationDate": .init(expirationDate),
            "notes": .init(notes), "locationId": .init(locationID), "unit": .string(unit),
        ]
    }

    static func find(id: String, householdID: String, in executor: any SQLExecutor) async throws -> InventoryRecord? {
        try await executor.queryFirst("\(select) WHERE i.id = ? AND i.household_id = ?", [.text(id), .text(householdID)])
            .map(InventoryRecord.init(row:))
    }

    static func all(householdID: String, in executor: any SQLExecutor, where condition: String = "", _ arguments: [SQLValue] = [], orderBy: String = "i.created_at, i.id") async throws -> [InventoryRecord] {
        try await executor.query(
            "\(select) WHERE i.household_id = ? \(condition) ORDER BY \(orderBy)", [.text(householdID)] + arguments
        ).map(InventoryRecord.init(row:))
    }

    /// The household's total stock of a product, over every row.
    static func totalStock(productID: String, householdID: String, in executor: any SQLExecutor) async throws -> Int64 {
        let row = try await executor.queryFirst(
            "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) AS total FROM pp_inventory WHERE household_id = ? AND product_id = ?",
            [.text(householdID), .text(productID)])
        return try row?.int("total") ?? 0
    }
}
