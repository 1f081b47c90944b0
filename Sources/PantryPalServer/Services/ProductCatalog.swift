import HearthCore
import HearthStore

/// Which product a UPC means for a household (W13): its own custom product, then the
/// original's `<upc>-<householdId>` convention, then the global catalogue. Other
/// households' products are never found.
enum ProductCatalog {
    static func resolve(upc: String, householdID: String?, in executor: any SQLExecutor) async throws -> ProductRecord? {
        if let householdID {
            for code in [upc, "\(upc)-\(householdID)"] {
                if let own = try await executor.queryFirst(
                    "SELECT \(ProductRecord.columns) FROM pp_products WHERE household_id = ? AND upc = ? AND deleted_at IS NULL",
                    [.text(householdID), .text(code)])
                {
                    return try ProductRecord(row: own)
                }
            }
        }
        return try await global(upc: upc, in: executor)
    }

    static func global(upc: String, in executor: any SQLExecutor) async throws -> ProductRecord? {
        try await executor.queryFirst(
            "SELECT \(ProductRecord.columns) FROM pp_products WHERE household_id IS NULL AND upc = ? AND deleted_at IS NULL",
            [.text(upc)]
        ).map(ProductRecord.init(row:))
    }

    /// Stores a provider's answer as a global row unless one appeared meanwhile; returns
    /// the global row and whether this call created it.
    static func cache(_ found: ProviderProduct, now: Timestamp, in executor: any SQLExecutor) async throws -> (ProductRecord, created: Bool) {
        if let existing = try await global(upc: found.upc, in: executor) { return (existing, false) }
        let time = PantryTime.databaseText(now)
        let inserted = try await executor.queryFirst(
            """
            INSERT INTO pp_products (id, upc, name, brand, description, image_url, category, is_custom, household_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?) ON CONFLICT DO NOTHING RETURNING id
            """,
            [
                .text(ProductIDs.new()), .text(found.upc), .text(found.name), .init(found.brand), .init(found.description),
                .init(found.imageURL), .init(found.category), .text(time), .text(time),
            ])
        guard let stored = try await global(upc: found.upc, in: executor) else {
            throw StoreError.unexpectedValue(column: "pp_products.upc", expected: "the cached product")
        }
        return (stored, inserted != nil)
    }
}
