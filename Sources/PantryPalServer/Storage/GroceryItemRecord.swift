import HearthCore
import HearthStore

/// A row of `pp_grocery_items` (integer ids, as the original).
struct GroceryItemRecord: Sendable, Hashable {
    static let columns = "id, household_id, name, brand, upc, normalized_name, client_id, created_at"

    var id: Int64
    var householdID: String
    var name: String
    var brand: String?
    var upc: String?
    var normalizedName: String
    var clientID: String?
    var createdAt: String

    init(row: SQLRow) throws {
        id = try row.int("id")
        householdID = try row.string("household_id")
        name = try row.string("name")
        brand = try row.optionalString("brand")
        upc = try row.optionalString("upc")
        normalizedName = try row.string("normalized_name")
        clientID = try row.optionalString("client_id")
        createdAt = try row.string("created_at")
    }

    /// The list row; creation answers add `normalized_name` (spec §2.7).
    func json(includingNormalizedName: Bool = false) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(id), "household_id": .string(householdID), "name": .string(name), "brand": .init(brand),
            "upc": .init(upc), "created_at": .string(createdAt),
        ]
        if includingNormalizedName { object["normalized_name"] = .string(normalizedName) }
        if let clientID { object["client_id"] = .string(clientID) }
        return .object(object)
    }

    var snapshot: JSONValue {
        ["name": .string(name), "brand": .init(brand), "upc": .init(upc), "normalizedName": .string(normalizedName)]
    }
}
