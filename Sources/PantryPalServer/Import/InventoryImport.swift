import HearthCore
import HearthStore

/// Imports the original's inventory rows, ids kept, under Hearth's rules (spec W13, W17,
/// W18): a whole quantity from 1 to 100000 (the original stored 0, negatives and
/// fractions), a real `YYYY-MM-DD` expiration date, a product the household may see
/// (global or its own) and a location of the same household. The free tier's row limit
/// is not applied: it only stops new rows, and these rows already exist.
enum InventoryImport {
    static func run(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let present = try await target.existing("pp_inventory", among: rows.compactMap { try? OriginalRowFields($0).id() })
        for row in rows {
            let fields = OriginalRowFields(row)
            let values: [SQLValue]
            let id: String
            do throws(ImportRefusal) {
                id = try fields.id()
                if present.contains(id) {
                    ledger.alreadyPresent(.inventory, id)
                    continue
                }
                values = try self.values(fields, id: id, target: target, ledger: ledger)
            } catch {
                ledger.refused(.inventory, fields.originalID, error.reason)
                continue
            }
            try await target.executor.execute(
                """
                INSERT INTO pp_inventory (id, product_id, household_id, location_id, quantity, unit, expiration_date, notes, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values)
            ledger.imported(.inventory, id)
        }
    }

    private static func values(_ fields: OriginalRowFields, id: String, target: ImportTarget, ledger: ImportLedger) throws(ImportRefusal) -> [SQLValue] {
        let householdID = try fields.id("household_id")
        try ledger.requireAccepted(.households, householdID, column: "household_id")
        let productID = try ProductReference.resolve(fields, householdID: householdID, ledger: ledger)
        let locationID = try fields.optionalID("location_id")
        if let locationID {
            try ledger.requireAccepted(.locations, locationID, column: "location_id")
            guard ledger.locationHouseholds[locationID] == householdID else {
                throw ImportRefusal("location_id \(locationID) is a location of another household")
            }
        }
        let quantity = try fields.wholeNumber("quantity", in: 1...InventoryDraft.maxQuantity) ?? 1
        let expiration = try fields.text("expiration_date", limit: 64)
        if let expiration, !PantryTime.isCalendarDate(expiration) {
            throw ImportRefusal("expiration_date '\(expiration)' is not a date written YYYY-MM-DD")
        }
        return [
            .text(id), .text(productID), .text(householdID), .init(locationID), .integer(quantity),
            .text(try fields.text("unit") ?? "pcs"), .init(expiration), .init(try fields.text("notes")),
            .text(try fields.storedTime("created_at", fallback: target.nowText)),
            .text(try fields.storedTime("updated_at", fallback: target.nowText)),
        ]
    }
}

/// A row's `product_id`, as Hearth knows the product (see ``ProductsImport``).
enum ProductReference {
    /// The Hearth id of the row's product, which its household must be allowed to see.
    static func resolve(_ fields: OriginalRowFields, householdID: String, ledger: ImportLedger) throws(ImportRefusal) -> String {
        let originalID = try fields.id("product_id")
        try ledger.requireAccepted(.products, originalID, column: "product_id")
        guard let productID = ledger.productIDs[originalID], let owner = ledger.productHouseholds[originalID] else {
            throw ImportRefusal("product_id \(originalID) refers to a product that does not exist")
        }
        guard owner == nil || owner == householdID else {
            throw ImportRefusal("product_id \(originalID) is a custom product of another household")
        }
        return productID
    }
}
