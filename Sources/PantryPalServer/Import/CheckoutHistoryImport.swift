import HearthCore
import HearthStore

/// Imports the original's checkout history, ids kept. Its household, user and product must
/// have been imported (the history shows the product's name and the member's); the
/// inventory row it came from need not exist any more. `checked_out_at` is written as ISO
/// 8601 with milliseconds, the form Hearth compares date filters with.
enum CheckoutHistoryImport {
    static func run(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let present = try await target.existing("pp_checkout_history", among: rows.compactMap { try? OriginalRowFields($0).id() })
        for row in rows {
            let fields = OriginalRowFields(row)
            let values: [SQLValue]
            let id: String
            do throws(ImportRefusal) {
                id = try fields.id()
                if present.contains(id) {
                    ledger.alreadyPresent(.checkoutHistory, id)
                    continue
                }
                let householdID = try fields.id("household_id")
                try ledger.requireAccepted(.households, householdID, column: "household_id")
                let userID = try fields.id("user_id")
                try ledger.requireAccepted(.users, userID, column: "user_id")
                let originalProduct = try fields.id("product_id")
                try ledger.requireAccepted(.products, originalProduct, column: "product_id")
                guard let productID = ledger.productIDs[originalProduct] else {
                    throw ImportRefusal("product_id \(originalProduct) refers to a product that does not exist")
                }
                guard let checkedOutAt = try fields.instant("checked_out_at") else { throw ImportRefusal("checked_out_at is missing") }
                values = [
                    .text(id), .init(try fields.optionalID("inventory_id")), .text(productID), .text(householdID), .text(userID),
                    .integer(try fields.wholeNumber("quantity", in: 1...InventoryDraft.maxQuantity) ?? 1),
                    .text(PantryTime.isoMillis(checkedOutAt)),
                ]
            } catch {
                ledger.refused(.checkoutHistory, fields.originalID, error.reason)
                continue
            }
            try await target.executor.execute(
                """
                INSERT INTO pp_checkout_history (id, inventory_id, product_id, household_id, user_id, quantity, checked_out_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, values)
            ledger.imported(.checkoutHistory, id)
        }
    }
}
