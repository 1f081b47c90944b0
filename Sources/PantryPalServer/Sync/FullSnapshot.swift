import HearthCore
import HearthStore

/// `GET /sync/full` (spec §2.8, W2): the household's own custom products plus the global
/// products its inventory or recent checkouts use, the inventory, and — for Hearth's
/// clients — locations, grocery list and the `cursor` to pull changes after.
///
/// The cursor and `serverTime` (the household's last change + 1 ms, W1) are read before
/// the data, so a change racing the snapshot is delivered again by the next pull rather
/// than missed (applying a snapshot twice is harmless).
enum FullSnapshot {
    static func read(householdID: String, now: Timestamp, in executor: any SQLExecutor) async throws -> JSONValue {
        guard let household = try await HouseholdRecord.find(id: householdID, in: executor) else { throw PantryError.noHousehold }
        let recent = PantryTime.isoMillis(now.adding(seconds: -90 * 86_400))
        let products = try await executor.query(
            """
            SELECT \(ProductRecord.columns) FROM pp_products p WHERE p.deleted_at IS NULL AND (p.household_id = ?
               OR (p.household_id IS NULL AND (EXISTS (SELECT 1 FROM pp_inventory i WHERE i.product_id = p.id AND i.household_id = ?)
                   OR EXISTS (SELECT 1 FROM pp_checkout_history h WHERE h.product_id = p.id AND h.household_id = ? AND h.checked_out_at >= ?))))
            ORDER BY p.created_at DESC, p.id
            """,
            [.text(householdID), .text(householdID), .text(householdID), .text(recent)]
        ).map(ProductRecord.init(row:))
        let inventory = try await InventoryRecord.all(householdID: householdID, in: executor)
        let locations = try await LocationRecord.all(householdID: householdID, in: executor)
        let grocery = try await GroceryService.list(householdID: householdID, in: executor)
        return [
            "products": .array(products.map(\.json)), "inventory": .array(inventory.map { $0.json(.full) }),
            "locations": .array(locations.map(\.json)), "grocery": .array(grocery.map { $0.json() }),
            "cursor": .int(household.changeSequence),
            "serverTime": .string(PantryTime.isoMillis(household.lastChangeTime?.adding(milliseconds: 1) ?? Timestamp(millisecondsSince1970: 0))),
        ]
    }
}
