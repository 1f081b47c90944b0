import Foundation
import HearthCore
import HearthStore

/// The pantry's rows: add (with the merge rule), edit, adjust, remove (spec §2.4 with
/// W4, W9, W17). Every function runs inside the caller's ``HouseholdWrite``.
enum InventoryService {
    enum Outcome: Sendable {
        /// An earlier request with the same client id already created it; nothing changed.
        case replayed(InventoryRecord)
        case merged(InventoryRecord)
        case created(InventoryRecord)

        var item: InventoryRecord {
            switch self {
            case .replayed(let item), .merged(let item), .created(let item): item
            }
        }
    }

    static func add(_ draft: InventoryDraft, in write: HouseholdWrite) async throws -> Outcome {
        let executor = write.executor
        if let id = draft.id {
            if let existing = try await InventoryRecord.find(id: id, householdID: write.householdID, in: executor) {
                return .replayed(existing)
            }
            if try await executor.queryFirst("SELECT id FROM pp_inventory WHERE id = ?", [.text(id)]) != nil {
                throw PantryError.idConflict
            }
        }
        try write.requireWritable(toDo: "add items")
        guard let productID = draft.productID else { throw PantryError.badRequest("Product ID is required") }
        guard let locationID = draft.locationID else { throw PantryError.locationRequired }
        let quantity = try draft.validatedQuantity()
        let expiration = try ExpirationDate.validated(draft.expirationDate)
        guard try await ProductRecord.findVisible(id: productID, householdID: write.householdID, in: executor) != nil else {
            throw PantryError.productNotFound
        }
        guard try await LocationRecord.find(id: locationID, householdID: write.householdID, in: executor) != nil else {
            throw PantryError.notFound("Location not found or does not belong to this household")
        }
        let stockBefore = try await InventoryRecord.totalStock(productID: productID, householdID: write.householdID, in: executor)
        let now = PantryTime.databaseText(write.now)
        if draft.id == nil, let match = try await mergeTarget(productID: productID, locationID: locationID, expiration: expiration, in: write) {
            let total = match.quantity + quantity
            guard total <= InventoryDraft.maxQuantity else { throw InventoryDraft.tooMany }
            try await executor.execute(
                "UPDATE pp_inventory SET quantity = ?, updated_at = ? WHERE id = ?", [.integer(total), .text(now), .text(match.id)])
            let merged = try await reload(match.id, in: write)
            try await write.log(LoggedChange(entityType: .inventory, entityID: merged.id, action: .update, payload: merged.snapshot))
            try await GroceryAutomation.restocked(productID: productID, stockBefore: stockBefore, in: write)
            return .merged(merged)
        }
        try await requireRoomForNewRow(in: write)
        let id = draft.id ?? UUID().uuidString.lowercased()
        try await executor.execute(
            """
            INSERT INTO pp_inventory (id, product_id, household_id, location_id, quantity, unit, expiration_date, notes, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text(productID), .text(write.householdID), .text(locationID), .integer(quantity),
                .text(draft.unit ?? "pcs"), .init(expiration), .init(draft.notes), .text(now), .text(now),
            ])
        let created = try await reload(id, in: write)
        try await write.log(LoggedChange(entityType: .inventory, entityID: id, action: .create, payload: created.snapshot))
        try await GroceryAutomation.restocked(productID: productID, stockBefore: stockBefore, in: write)
        return .created(created)
    }

    /// `PUT /inventory/:id`: absent fields keep their value, `null` clears; quantity 0
    /// removes the row (consumption) and answers its final snapshot.
    static func edit(id: String, fields: RequestFields, in write: HouseholdWrite) async throws -> InventoryRecord {
        try write.requireWritable(toDo: "edit items")
        guard var item = try await InventoryRecord.find(id: id, householdID: write.householdID, in: write.executor) else {
            throw PantryError.inventoryItemNotFound
        }
        switch fields.presence("locationId") {
        case .absent: break
        case .null: item.locationID = nil
        case .value: item.locationID = try fields.text("locationId")
        }
        guard let locationID = item.locationID else { throw PantryError.locationRequired }
        guard let location = try await LocationRecord.find(id: locationID, householdID: write.householdID, in: write.executor) else {
            throw PantryError.badRequest("Invalid location or location does not belong to this household", code: "INVALID_LOCATION")
        }
        item.locationName = location.name
        if case .absent = fields.presence("quantity") {} else {
            guard let quantity = try fields.integer("quantity"), (0...InventoryDraft.maxQuantity).contains(quantity) else {
                throw PantryError.invalidField("Quantity must be a whole number from 0 to \(InventoryDraft.maxQuantity)")
            }
            item.quantity = quantity
        }
        if case .absent = fields.presence("expirationDate") {} else {
            item.expirationDate = try ExpirationDate.validated(try fields.text("expirationDate"))
        }
        if case .absent = fields.presence("notes") {} else { item.notes = try fields.string("notes") }
        if item.quantity == 0 {
            try await delete(item, in: write)
            _ = try await GroceryAutomation.consumed(productID: item.productID, in: write)
            return item
        }
        let stockBefore = try await InventoryRecord.totalStock(productID: item.productID, householdID: write.householdID, in: write.executor)
        try await write.executor.execute(
            "UPDATE pp_inventory SET quantity = ?, expiration_date = ?, notes = ?, location_id = ?, updated_at = ? WHERE id = ?",
            [
                .integer(item.quantity), .init(item.expirationDate), .init(item.notes), .text(locationID),
                .text(PantryTime.databaseText(write.now)), .text(id),
            ])
        let edited = try await reload(id, in: write)
        try await write.log(LoggedChange(entityType: .inventory, entityID: id, action: .update, payload: edited.snapshot))
        try await GroceryAutomation.restocked(productID: item.productID, stockBefore: stockBefore, in: write)
        return edited
    }

    enum Adjustment: Sendable {
        case updated(InventoryRecord)
        case deleted(id: String, addedToGrocery: Bool)
    }

    /// `PATCH /inventory/:id/quantity`: the new quantity is old + adjustment; at or below
    /// zero the row goes (consumption: grocery automation may add the product).
    static func adjust(id: String, by adjustment: Int64, in write: HouseholdWrite) async throws -> Adjustment {
        try write.requireWritable(toDo: "adjust quantity")
        guard let item = try await InventoryRecord.find(id: id, householdID: write.householdID, in: write.executor) else {
            throw PantryError.inventoryItemNotFound
        }
        let newQuantity = item.quantity + adjustment
        if newQuantity <= 0 {
            try await delete(item, in: write)
            let added = try await GroceryAutomation.consumed(productID: item.productID, in: write)
            return .deleted(id: id, addedToGrocery: added)
        }
        guard newQuantity <= InventoryDraft.maxQuantity else { throw InventoryDraft.tooMany }
        let stockBefore = try await InventoryRecord.totalStock(productID: item.productID, householdID: write.householdID, in: write.executor)
        try await write.executor.execute(
            "UPDATE pp_inventory SET quantity = ?, updated_at = ? WHERE id = ?",
            [.integer(newQuantity), .text(PantryTime.databaseText(write.now)), .text(id)])
        let adjusted = try await reload(id, in: write)
        try await write.log(LoggedChange(entityType: .inventory, entityID: id, action: .update, payload: adjusted.snapshot))
        try await GroceryAutomation.restocked(productID: item.productID, stockBefore: stockBefore, in: write)
        return .updated(adjusted)
    }

    /// `DELETE /inventory/:id`: no grocery automation (throwing food away is not running out).
    static func remove(id: String, in write: HouseholdWrite) async throws {
        try write.requireWritable(toDo: "delete items")
        guard let item = try await InventoryRecord.find(id: id, householdID: write.householdID, in: write.executor) else {
            throw PantryError.inventoryItemNotFound
        }
        try await delete(item, in: write)
    }

    /// Deletes the row and logs its last snapshot.
    static func delete(_ item: InventoryRecord, in write: HouseholdWrite) async throws {
        try await write.executor.execute("DELETE FROM pp_inventory WHERE id = ?", [.text(item.id)])
        try await write.log(LoggedChange(entityType: .inventory, entityID: item.id, action: .delete, payload: item.snapshot))
    }

    static func reload(_ id: String, in write: HouseholdWrite) async throws -> InventoryRecord {
        guard let item = try await InventoryRecord.find(id: id, householdID: write.householdID, in: write.executor) else {
            throw PantryError.inventoryItemNotFound
        }
        return item
    }

    /// The merge rule (spec §3.7): same household, product, location and expiration (or both none).
    private static func mergeTarget(productID: String, locationID: String, expiration: String?, in write: HouseholdWrite) async throws -> InventoryRecord? {
        let sameExpiration = expiration == nil ? "i.expiration_date IS NULL" : "i.expiration_date = ?"
        let rows = try await InventoryRecord.all(
            householdID: write.householdID, in: write.executor,
            where: "AND i.product_id = ? AND i.location_id = ? AND \(sameExpiration)",
            [.text(productID), .text(locationID)] + (expiration.map { [SQLValue.text($0)] } ?? []))
        return rows.first
    }

    private static func requireRoomForNewRow(in write: HouseholdWrite) async throws {
        guard !write.isPremiumActive else { return }
        let row = try await write.executor.queryFirst("SELECT COUNT(*) AS n FROM pp_inventory WHERE household_id = ?", [.text(write.householdID)])
        if try (row?.int("n") ?? 0) >= Int64(FreeLimits.inventoryRows) {
            throw PantryError.limitReached("Inventory limit reached", limit: FreeLimits.inventoryRows)
        }
    }
}
