import HearthCore
import HearthStore

/// A row of `pp_products`: global (no household, the UPC catalogue) or a household's own
/// custom product.
struct ProductRecord: Sendable, Hashable {
    static let columns = "id, upc, name, brand, description, image_url, category, is_custom, household_id, created_at, updated_at"

    var id: String
    var upc: String?
    var name: String
    var brand: String?
    var description: String?
    var imageURL: String?
    var category: String?
    var isCustom: Bool
    var householdID: String?
    var createdAt: String
    var updatedAt: String

    init(row: SQLRow) throws {
        id = try row.string("id")
        upc = try row.optionalString("upc")
        name = try row.string("name")
        brand = try row.optionalString("brand")
        description = try row.optionalString("description")
        imageURL = try row.optionalString("image_url")
        category = try row.optionalString("category")
        isCustom = try row.bool("is_custom")
        householdID = try row.optionalString("household_id")
        createdAt = try row.string("created_at")
        updatedAt = try row.string("updated_at")
    }

    var isGlobal: Bool { householdID == nil }

    /// The raw row, snake_case, `is_custom` as 0/1 (spec §2.3).
    var json: JSONValue {
        [
            "id": .string(id), "upc": .init(upc), "name": .string(name), "brand": .init(brand),
            "description": .init(description), "image_url": .init(imageURL), "category": .init(category),
            "is_custom": .int(isCustom ? 1 : 0), "household_id": .init(householdID),
            "created_at": .string(createdAt), "updated_at": .string(updatedAt),
        ]
    }

    /// The change-log snapshot (W3).
    var snapshot: JSONValue {
        [
            "upc": .init(upc), "name": .string(name), "brand": .init(brand), "description": .init(description),
            "image_url": .init(imageURL), "category": .init(category), "is_custom": .bool(isCustom),
            "household_id": .init(householdID),
        ]
    }

    /// A product this household may see: global or its own, not deleted.
    static func findVisible(id: String, householdID: String?, in executor: any SQLExecutor) async throws -> ProductRecord? {
        try await executor.queryFirst(
            "SELECT \(columns) FROM pp_products WHERE id = ? AND deleted_at IS NULL AND (household_id IS NULL OR household_id = ?)",
            [.text(id), .init(householdID)]
        ).map(ProductRecord.init(row:))
    }

    static func find(id: String, in executor: any SQLExecutor) async throws -> ProductRecord? {
        try await executor.queryFirst("SELECT \(columns) FROM pp_products WHERE id = ?", [.text(id)]).map(ProductRecord.init(row:))
    }
}

extension JSONValue {
    /// A string, or `null` when absent.
    init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }
}
