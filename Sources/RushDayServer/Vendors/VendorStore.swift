import HearthCore
import HearthStore

/// `rd_vendors`: every query parameterised, on both engines; every lookup is scoped to the
/// owning user, so another user's vendor is simply not found (§2.3).
enum VendorStore {
    /// §2.8: by name, case-insensitive, then `created_at`, `id`.
    static let order = " ORDER BY sort_name, created_at, id"

    static func insert(_ vendor: VendorRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            INSERT INTO rd_vendors (\(VendorRecord.columns), sort_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(vendor.id), .text(vendor.userID), SQLValue(vendor.eventID), .text(vendor.name), SQLValue(vendor.category),
                SQLValue(vendor.phone), SQLValue(vendor.email), SQLValue(vendor.website), SQLValue(vendor.notes), SQLValue(vendor.price),
                SQLValue(vendor.createdAt), SQLValue(vendor.updatedAt), .text(vendor.sortName),
            ])
    }

    /// The user's vendors (only those linked to `eventID` when given), one page of them.
    static func page(
        of userID: String, eventID: String?, limit: Int, offset: Int, _ sql: any SQLExecutor
    ) async throws -> (vendors: [VendorRecord], total: Int) {
        var filter = " WHERE user_id = ?"
        var arguments: [SQLValue] = [.text(userID)]
        if let eventID {
            filter += " AND event_id = ?"
            arguments.append(.text(eventID))
        }
        let count = try await sql.queryFirst("SELECT COUNT(*) AS n FROM rd_vendors" + filter, arguments)
        let rows = try await sql.query(
            "SELECT \(VendorRecord.columns) FROM rd_vendors" + filter + order + " LIMIT ? OFFSET ?",
            arguments + [SQLValue(limit), SQLValue(offset)])
        return (try rows.map(VendorRecord.init(row:)), Int(try count?.int("n") ?? 0))
    }

    /// Whether a vendor of `userID` was deleted.
    static func delete(_ id: String, of userID: String, _ sql: any SQLExecutor) async throws -> Bool {
        !(try await sql.query("DELETE FROM rd_vendors WHERE id = ? AND user_id = ? RETURNING id", [.text(id), .text(userID)])).isEmpty
    }
}
