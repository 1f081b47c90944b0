import HearthCore
import HearthStore

/// Imports the original's grocery lists. An item is recognised by its household and
/// normalized name (unique per household, as in the original), so a second run finds it
/// whatever its id. Items keep their integer id unless Hearth already gave that id to
/// another item (the app reloads the whole list on each visit, so it holds no ids for
/// long). Names 1…200 characters; the free tier's 25-row limit only stops new items.
enum GroceryImport {
    static func run(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let fields = rows.map(OriginalRowFields.init)
        var listed: [String: Int64] = [:]  // "<household>\n<normalized name>" → item id
        let households = Set(fields.compactMap { try? $0.optionalID("household_id") }).sorted()
        for row in try await target.rows("pp_grocery_items", selecting: "id, household_id, normalized_name", where: "household_id", among: households) {
            listed[key(try row.string("household_id"), try row.string("normalized_name"))] = try row.int("id")
        }
        let wantedIDs = fields.compactMap { try? $0.wholeNumber("id", in: 1...Int64.max) }
        var takenIDs = Set(
            try await target.rows("pp_grocery_items", selecting: "id", where: "id", among: wantedIDs.map(SQLValue.integer)).map { try $0.int("id") })
        let top = try await target.executor.queryFirst("SELECT COALESCE(MAX(id), 0) AS top FROM pp_grocery_items")?.int("top") ?? 0
        // Ids for items whose own id is taken: above every id in Hearth and in the original.
        var spareID = max(top, wantedIDs.max() ?? 0) + 1
        var inserted = 0
        for item in fields {
            let originalID = item.originalID
            let householdID: String
            let name: String
            let normalized: String
            let wanted: Int64
            let details: [SQLValue]
            do throws(ImportRefusal) {
                guard let id = try item.wholeNumber("id", in: 1...Int64.max) else { throw ImportRefusal("id is missing") }
                wanted = id
                householdID = try item.id("household_id")
                try ledger.requireAccepted(.households, householdID, column: "household_id")
                name = try item.requiredText("name", limit: 200)
                normalized = GroceryName.normalized(name)
                if let existing = listed[key(householdID, normalized)] {
                    if String(existing) != originalID {
                        ledger.adjusted(.grocery, originalID, "'\(name)' is already on the list as item \(existing) (same name once normalized)")
                    }
                    ledger.alreadyPresent(.grocery, originalID)
                    continue
                }
                details = [
                    .init(try item.text("brand")), .init(try item.text("upc")), .text(normalized),
                    .text(try item.storedTime("created_at", fallback: target.nowText)),
                ]
            } catch {
                ledger.refused(.grocery, originalID, error.reason)
                continue
            }
            var id = wanted
            if takenIDs.contains(wanted) {
                id = spareID
                spareID += 1
                ledger.adjusted(.grocery, originalID, "id \(originalID) is taken by another grocery item; imported as \(id)")
            }
            try await target.executor.execute(
                "INSERT INTO pp_grocery_items (id, household_id, name, brand, upc, normalized_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [.integer(id), .text(householdID), .text(name)] + details)
            takenIDs.insert(id)
            listed[key(householdID, normalized)] = id
            inserted += 1
            ledger.imported(.grocery, originalID)
        }
        if inserted > 0, target.executor.dialect == .postgres, !target.dryRun {
            // Ids given explicitly do not advance PostgreSQL's identity sequence; the next
            // item the app adds must not collide with an imported one. (SQLite's
            // AUTOINCREMENT follows explicit ids by itself.) Not in a dry run: a sequence
            // change outlives the rollback.
            _ = try await target.executor.query(
                "SELECT setval(pg_get_serial_sequence('pp_grocery_items', 'id'), (SELECT COALESCE(MAX(id), 1) FROM pp_grocery_items))", [])
        }
    }

    private static func key(_ householdID: String, _ normalizedName: String) -> String { householdID + "\n" + normalizedName }
}
