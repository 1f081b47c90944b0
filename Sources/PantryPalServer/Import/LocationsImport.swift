import HearthCore
import HearthStore

/// Imports the original's locations as trees (spec W19): a place is imported once its
/// parent is, in the same household; names 1…100 characters; at most five levels. Each
/// place's `level` is its depth in the tree (the original left it stale after deletes).
enum LocationsImport {
    private struct Location {
        var id: String
        var householdID: String
        var name: String
        var type: String
        var parentID: String?
        var storedLevel: Int64?
        var sortOrder: Int64
        var createdAt: String
        var updatedAt: String
    }

    static func run(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let ids = rows.compactMap { try? OriginalRowFields($0).id() }
        var levels: [String: Int64] = [:]
        for row in try await target.rows("pp_locations", selecting: "id, household_id, level", where: "id", among: ids) {
            let id = try row.string("id")
            levels[id] = try row.int("level")
            ledger.locationHouseholds[id] = try row.string("household_id")
        }
        var waiting: [Location] = []
        for row in rows {
            let fields = OriginalRowFields(row)
            do throws(ImportRefusal) {
                let id = try fields.id()
                if levels[id] != nil {
                    ledger.alreadyPresent(.locations, id)
                    continue
                }
                waiting.append(try location(fields, id: id, target: target, ledger: &ledger))
            } catch {
                ledger.refused(.locations, fields.originalID, error.reason)
            }
        }
        // Parents before children: each pass takes the places whose parent is settled.
        var pending = Set(waiting.map(\.id))
        var progressed = true
        while progressed, !waiting.isEmpty {
            progressed = false
            var next: [Location] = []
            for location in waiting {
                if let parent = location.parentID, pending.contains(parent) {
                    next.append(location)
                    continue
                }
                progressed = true
                pending.remove(location.id)
                let level: Int64
                do throws(ImportRefusal) {
                    level = try placement(of: location, levels: levels, ledger: ledger)
                } catch {
                    ledger.refused(.locations, location.id, error.reason)
                    continue
                }
                try await insert(location, level: level, into: target)
                levels[location.id] = level
                ledger.locationHouseholds[location.id] = location.householdID
                if let stored = location.storedLevel, stored != level {
                    ledger.adjusted(.locations, location.id, "level \(stored) corrected to \(level), its depth in the tree")
                }
                ledger.imported(.locations, location.id)
            }
            waiting = next
        }
        for location in waiting {
            ledger.refused(
                .locations, location.id, "parent_id \(location.parentID ?? "") is part of a cycle of parents that never reaches a top-level location")
        }
    }

    private static func location(_ fields: OriginalRowFields, id: String, target: ImportTarget, ledger: inout ImportLedger) throws(ImportRefusal)
        -> Location
    {
        let householdID = try fields.id("household_id")
        try ledger.requireAccepted(.households, householdID, column: "household_id")
        var sortOrder = try fields.wholeNumber("sort_order", in: Int64.min...Int64.max) ?? 0
        if !(0...LocationService.maxSortOrder).contains(sortOrder) {
            let clamped = min(max(sortOrder, 0), LocationService.maxSortOrder)
            ledger.adjusted(.locations, id, "sort_order \(sortOrder) set to \(clamped) (Hearth keeps 0…\(LocationService.maxSortOrder))")
            sortOrder = clamped
        }
        return Location(
            id: id, householdID: householdID, name: try fields.requiredText("name", limit: LocationService.maxNameLength),
            type: try fields.text("type") ?? "pantry", parentID: try fields.optionalID("parent_id"),
            storedLevel: try? fields.wholeNumber("level", in: Int64.min...Int64.max), sortOrder: sortOrder,
            createdAt: try fields.storedTime("created_at", fallback: target.nowText),
            updatedAt: try fields.storedTime("updated_at", fallback: target.nowText))
    }

    /// The place's level, once its parent is known to be in Hearth, in the same household.
    private static func placement(of location: Location, levels: [String: Int64], ledger: ImportLedger) throws(ImportRefusal) -> Int64 {
        guard let parent = location.parentID else { return 0 }
        try ledger.requireAccepted(.locations, parent, column: "parent_id")
        guard ledger.locationHouseholds[parent] == location.householdID, let parentLevel = levels[parent] else {
            throw ImportRefusal("parent_id \(parent) is a location of another household")
        }
        let level = parentLevel + 1
        guard level < Int64(LocationService.maxDepth) else {
            throw ImportRefusal("it is nested \(level + 1) levels deep; Hearth allows at most \(LocationService.maxDepth)")
        }
        return level
    }

    private static func insert(_ location: Location, level: Int64, into target: ImportTarget) async throws {
        try await target.executor.execute(
            """
            INSERT INTO pp_locations (id, household_id, name, type, parent_id, level, sort_order, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(location.id), .text(location.householdID), .text(location.name), .text(location.type), .init(location.parentID),
                .integer(level), .integer(location.sortOrder), .text(location.createdAt), .text(location.updatedAt),
            ])
    }
}
