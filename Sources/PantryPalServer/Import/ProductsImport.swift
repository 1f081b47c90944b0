import HearthCore
import HearthStore

/// Imports the original's products: the global UPC catalogue and each household's custom
/// products, ids kept (spec W13). Names 1…200 characters.
///
/// Hearth allows one global product per UPC and one live custom product per household and
/// UPC. When Hearth already holds such a product under another id (say it looked the UPC
/// up itself), the original product is matched to it: rows referring to the original id
/// refer to Hearth's product instead, and the report says so.
enum ProductsImport {
    private struct Existing {
        var id: String
        var householdID: String?
        var isDeleted: Bool
    }

    static func run(_ rows: [SQLRow], into target: ImportTarget, ledger: inout ImportLedger) async throws {
        let ids = rows.compactMap { try? OriginalRowFields($0).id() }
        var byID: [String: Existing] = [:]
        for row in try await target.rows("pp_products", selecting: "id, household_id, deleted_at", where: "id", among: ids) {
            let existing = try existing(row)
            byID[existing.id] = existing
        }
        var byUPC: [String: [Existing]] = [:]
        let upcs = rows.compactMap { try? OriginalRowFields($0).text("upc") }
        for row in try await target.rows("pp_products", selecting: "id, upc, household_id, deleted_at", where: "upc", among: upcs) {
            byUPC[try row.string("upc"), default: []].append(try existing(row))
        }
        for row in rows {
            let fields = OriginalRowFields(row)
            let values: [SQLValue]
            let id: String
            do throws(ImportRefusal) {
                id = try fields.id()
                if let present = byID[id] {
                    ledger.productIDs[id] = id
                    ledger.productHouseholds[id] = present.householdID
                    ledger.alreadyPresent(.products, id)
                    continue
                }
                let householdID = try fields.optionalID("household_id")
                if let householdID { try ledger.requireAccepted(.households, householdID, column: "household_id") }
                let upc = try fields.text("upc")
                let sameUPC = upc.flatMap { byUPC[$0] } ?? []
                if let match = sameUPC.first(where: { $0.householdID == householdID && ($0.householdID == nil || !$0.isDeleted) }) {
                    ledger.productIDs[id] = match.id
                    ledger.productHouseholds[id] = householdID
                    let scope = householdID == nil ? "Hearth's catalogue" : "this household's products"
                    ledger.adjusted(.products, id, "UPC \(upc ?? "") is already in \(scope) as product \(match.id); rows referring to \(id) use that product")
                    ledger.alreadyPresent(.products, id)
                    continue
                }
                values = [
                    .text(id), .init(upc), .text(try fields.requiredText("name", limit: ProductService.maxNameLength)),
                    .init(try fields.text("brand")), .init(try fields.text("description")), .init(try fields.text("image_url")),
                    .init(try fields.text("category")), .init(fields.flag("is_custom") ?? false), .init(householdID),
                    .text(try fields.storedTime("created_at", fallback: target.nowText)),
                    .text(try fields.storedTime("updated_at", fallback: target.nowText)),
                ]
                ledger.productIDs[id] = id
                ledger.productHouseholds[id] = householdID
                if let upc { byUPC[upc, default: []].append(Existing(id: id, householdID: householdID, isDeleted: false)) }
            } catch {
                ledger.refused(.products, fields.originalID, error.reason)
                continue
            }
            try await target.executor.execute(
                """
                INSERT INTO pp_products (id, upc, name, brand, description, image_url, category, is_custom, household_id, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values)
            ledger.imported(.products, id)
        }
    }

    private static func existing(_ row: SQLRow) throws -> Existing {
        Existing(id: try row.string("id"), householdID: try row.optionalString("household_id"), isDeleted: try row.optionalString("deleted_at") != nil)
    }
}
