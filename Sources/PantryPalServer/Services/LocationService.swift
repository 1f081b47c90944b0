import Foundation
import HearthCore
import HearthStore

/// The household's places, as a tree (spec §2.5 hardened by W4, W19): names 1…100
/// characters, at most five levels deep, every change logged.
enum LocationService {
    static let maxNameLength = 100
    static let maxDepth = 5
    static let maxSortOrder: Int64 = 1_000_000

    enum Outcome: Sendable {
        case created(LocationRecord)
        case replayed(LocationRecord)
    }

    static func create(id: String?, name: String?, parentID: String?, in write: HouseholdWrite) async throws -> Outcome {
        let executor = write.executor
        if let id {
            if let existing = try await LocationRecord.find(id: id, householdID: write.householdID, in: executor) { return .replayed(existing) }
            if try await executor.queryFirst("SELECT id FROM pp_locations WHERE id = ?", [.text(id)]) != nil { throw PantryError.idConflict }
        }
        let name = try validatedName(name)
        var level: Int64 = 0
        if let parentID {
            guard let parent = try await LocationRecord.find(id: parentID, householdID: write.householdID, in: executor) else {
                throw PantryError.badRequest("Parent location not found")
            }
            level = parent.level + 1
            guard level < maxDepth else { throw PantryError.invalidField("Locations can be nested at most \(maxDepth) levels deep") }
        }
        let siblings = parentID == nil ? "parent_id IS NULL" : "parent_id = ?"
        let row = try await executor.queryFirst(
            "SELECT MAX(sort_order) AS top FROM pp_locations WHERE household_id = ? AND \(siblings)",
            [.text(write.householdID)] + (parentID.map { [SQLValue.text($0)] } ?? []))
        let sortOrder = try row?.optionalInt("top").map { min($0, Self.maxSortOrder) + 1 } ?? 0
        let location = try await insert(
            id: id ?? UUID().uuidString.lowercased(), name: name, parentID: parentID, level: level, sortOrder: sortOrder, in: write)
        return .created(location)
    }

    /// `POST /locations/seed-defaults`: the seven default places, only into an empty household.
    static func seedDefaults(in write: HouseholdWrite) async throws -> [LocationRecord]? {
        if try await write.executor.queryFirst("SELECT id FROM pp_locations WHERE household_id = ? LIMIT 1", [.text(write.householdID)]) != nil {
            return nil
        }
        var created: [LocationRecord] = []
        for (index, name) in DefaultLocations.names.enumerated() {
            created.append(try await insert(
                id: UUID().uuidString.lowercased(), name: name, parentID: nil, level: 0, sortOrder: Int64(index), in: write))
        }
        return created
    }

    static func edit(id: String, fields: RequestFields, in write: HouseholdWrite) async throws -> LocationRecord {
        guard var location = try await LocationRecord.find(id: id, householdID: write.householdID, in: write.executor) else {
            throw PantryError.locationNotFound
        }
        var changed = false
        if let name = try fields.text("name") {
            location.name = try validatedName(name)
            changed = true
        }
        if let sortOrder = try fields.integer("sortOrder") {
            guard (0...Self.maxSortOrder).contains(sortOrder) else {
                throw PantryError.invalidField("sortOrder must be a whole number from 0 to \(Self.maxSortOrder)")
            }
            location.sortOrder = sortOrder
            changed = true
        }
        guard changed else { return location }
        try await write.executor.execute(
            "UPDATE pp_locations SET name = ?, sort_order = ?, updated_at = ? WHERE id = ?",
            [.text(location.name), .integer(location.sortOrder), .text(PantryTime.isoMillis(write.now)), .text(id)])
        let updated = try await reload(id, in: write)
        try await write.log(LoggedChange(entityType: .location, entityID: id, action: .update, payload: updated.snapshot))
        return updated
    }

    /// Refused while the household keeps items there; children move up to the deleted
    /// place's parent and their whole subtree's levels are recomputed (W19).
    static func delete(id: String, in write: HouseholdWrite) async throws {
        let executor = write.executor
        guard let location = try await LocationRecord.find(id: id, householdID: write.householdID, in: executor) else {
            throw PantryError.locationNotFound
        }
        let row = try await executor.queryFirst(
            "SELECT COUNT(*) AS n FROM pp_inventory WHERE location_id = ? AND household_id = ?", [.text(id), .text(write.householdID)])
        let itemCount = try row?.int("n") ?? 0
        guard itemCount == 0 else {
            throw PantryError.badRequest(
                "Cannot delete location with inventory items. Move items first.", details: ["itemCount": String(itemCount)])
        }
        try await executor.execute(
            "UPDATE pp_locations SET parent_id = ? WHERE parent_id = ? AND household_id = ?",
            [.init(location.parentID), .text(id), .text(write.householdID)])
        try await executor.execute("DELETE FROM pp_locations WHERE id = ?", [.text(id)])
        try await write.log(LoggedChange(entityType: .location, entityID: id, action: .delete, payload: location.snapshot))
        try await recomputeLevels(in: write)
    }

    /// Sets every place's level to its depth in the tree, logging those that moved.
    private static func recomputeLevels(in write: HouseholdWrite) async throws {
        let all = try await LocationRecord.all(householdID: write.householdID, in: write.executor)
        let parents = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.parentID) })
        for var location in all {
            var depth: Int64 = 0
            var parent = location.parentID
            while let current = parent, depth <= Int64(all.count) {
                depth += 1
                parent = parents[current] ?? nil
            }
            guard depth != location.level else { continue }
            location.level = depth
            try await write.executor.execute(
                "UPDATE pp_locations SET level = ?, updated_at = ? WHERE id = ?",
                [.integer(depth), .text(PantryTime.isoMillis(write.now)), .text(location.id)])
            try await write.log(LoggedChange(entityType: .location, entityID: location.id, action: .update, payload: location.snapshot))
        }
    }

    private static func insert(id: String, name: String, parentID: String?, level: Int64, sortOrder: Int64, in write: HouseholdWrite) async throws -> LocationRecord {
        let time = PantryTime.isoMillis(write.now)
        try await write.executor.execute(
            """
            INSERT INTO pp_locations (id, household_id, name, type, parent_id, level, sort_order, created_at, updated_at)
            VALUES (?, ?, ?, 'pantry', ?, ?, ?, ?, ?)
            """,
            [.text(id), .text(write.householdID), .text(name), .init(parentID), .integer(level), .integer(sortOrder), .text(time), .text(time)])
        let location = try await reload(id, in: write)
        try await write.log(LoggedChange(entityType: .location, entityID: id, action: .create, payload: location.snapshot))
        return location
    }

    private static func validatedName(_ name: String?) throws -> String {
        guard let name = name?.trimmed, !name.isEmpty else { throw PantryError.badRequest("Location name is required") }
        guard name.unicodeScalars.count <= maxNameLength else { throw PantryError.invalidField("Location name must be at most \(maxNameLength) characters") }
        return name
    }

    private static func reload(_ id: String, in write: HouseholdWrite) async throws -> LocationRecord {
        guard let location = try await LocationRecord.find(id: id, householdID: write.householdID, in: write.executor) else {
            throw PantryError.locationNotFound
        }
        return location
    }
}
