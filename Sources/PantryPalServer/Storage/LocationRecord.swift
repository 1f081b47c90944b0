import HearthCore
import HearthStore

/// A row of `pp_locations`: a place in the home, possibly inside another one.
struct LocationRecord: Sendable, Hashable {
    static let columns = "id, household_id, name, type, parent_id, level, sort_order, created_at, updated_at"

    var id: String
    var householdID: String
    var name: String
    var type: String
    var parentID: String?
    var level: Int64
    var sortOrder: Int64
    var createdAt: String
    var updatedAt: String

    init(row: SQLRow) throws {
        id = try row.string("id")
        householdID = try row.string("household_id")
        name = try row.string("name")
        type = try row.string("type")
        parentID = try row.optionalString("parent_id")
        level = try row.int("level")
        sortOrder = try row.int("sort_order")
        createdAt = try row.string("created_at")
        updatedAt = try row.string("updated_at")
    }

    var json: JSONValue {
        [
            "id": .string(id), "household_id": .string(householdID), "name": .string(name), "type": .string(type),
            "parent_id": .init(parentID), "level": .int(level), "sort_order": .int(sortOrder),
            "created_at": .string(createdAt), "updated_at": .string(updatedAt),
        ]
    }

    var snapshot: JSONValue {
        ["name": .string(name), "parentId": .init(parentID), "level": .int(level), "sortOrder": .int(sortOrder)]
    }

    static func find(id: String, householdID: String, in executor: any SQLExecutor) async throws -> LocationRecord? {
        try await executor.queryFirst(
            "SELECT \(columns) FROM pp_locations WHERE id = ? AND household_id = ?", [.text(id), .text(householdID)]
        ).map(LocationRecord.init(row:))
    }

    /// Every location of the household, by level, sort order and name.
    static func all(householdID: String, in executor: any SQLExecutor) async throws -> [LocationRecord] {
        try await executor.query(
            "SELECT \(columns) FROM pp_locations WHERE household_id = ? ORDER BY level, sort_order, name, id", [.text(householdID)]
        ).map(LocationRecord.init(row:))
    }
}
