import HearthCore
import HearthStore

/// Products a household may see and change (spec §2.3 hardened by W4, W13, W18): the
/// global catalogue is read-only; a household edits only its own custom products.
enum ProductService {
    struct Draft: Sendable {
        var id: String?
        var upc: String?
        var name: String?
        var brand: String?
        var description: String?
        var category: String?
        var imageURL: String?

        init(fields: RequestFields) throws {
            id = try fields.clientID()
            upc = try fields.text("upc")
            name = try fields.text("name")
            brand = try fields.text("brand")
            description = try fields.text("description")
            category = try fields.text("category")
            imageURL = try fields.text("imageUrl") ?? fields.text("image_url")
        }
    }

    enum Outcome: Sendable {
        case created(ProductRecord)
        case updated(ProductRecord)
        case replayed(ProductRecord)
    }

    static let maxNameLength = 200

    static func create(_ draft: Draft, in write: HouseholdWrite) async throws -> Outcome {
        let executor = write.executor
        if let id = draft.id, let existing = try await ProductRecord.find(id: id, in: executor) {
            guard existing.householdID == write.householdID, existing.isCustom else { throw PantryError.idConflict }
            // A replayed create of a product deleted since answers as reading it would.
            guard try await ProductRecord.findVisible(id: id, householdID: write.householdID, in: executor) != nil else {
                throw PantryError.notFound("Product not found")
            }
            return .replayed(existing)
        }
        guard let name = draft.name else { throw PantryError.badRequest("Product name is required") }
        guard name.unicodeScalars.count <= maxNameLength else { throw PantryError.invalidField("Product name must be at most \(maxNameLength) characters") }
        let time = PantryTime.databaseText(write.now)
        if let upc = draft.upc,
            let own = try await executor.queryFirst(
                "SELECT \(ProductRecord.columns) FROM pp_products WHERE household_id = ? AND upc = ? AND deleted_at IS NULL",
                [.text(write.householdID), .text(upc)]
            ).map(ProductRecord.init(row:))
        {
            try await executor.execute(
                "UPDATE pp_products SET name = ?, brand = ?, description = ?, category = ?, updated_at = ? WHERE id = ?",
                [.text(name), .init(draft.brand), .init(draft.description), .init(draft.category), .text(time), .text(own.id)])
            let updated = try await reload(own.id, in: executor)
            try await write.log(LoggedChange(entityType: .product, entityID: own.id, action: .update, payload: updated.snapshot))
            return .updated(updated)
        }
        let id = draft.id ?? ProductIDs.new()
        try await executor.execute(
            """
            INSERT INTO pp_products (id, upc, name, brand, description, image_url, category, is_custom, household_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)
            """,
            [
                .text(id), .text(draft.upc ?? ProductIDs.customUPC(now: write.now)), .text(name), .init(draft.brand),
                .init(draft.description), .init(draft.imageURL), .init(draft.category), .text(write.householdID), .text(time), .text(time),
            ])
        let created = try await reload(id, in: executor)
        try await write.log(LoggedChange(entityType: .product, entityID: id, action: .create, payload: created.snapshot))
        return .created(created)
    }

    /// `PUT /products/:id`, partial (W18): absent fields keep their value.
    static func edit(id: String, fields: RequestFields, in write: HouseholdWrite) async throws -> ProductRecord {
        var product = try await ownCustomProduct(id: id, in: write)
        if case .absent = fields.presence("name") {} else {
            guard let name = try fields.text("name") else { throw PantryError.badRequest("Product name is required") }
            guard name.unicodeScalars.count <= maxNameLength else { throw PantryError.invalidField("Product name must be at most \(maxNameLength) characters") }
            product.name = name
        }
        if case .absent = fields.presence("brand") {} else { product.brand = try fields.text("brand") }
        if case .absent = fields.presence("description") {} else { product.description = try fields.text("description") }
        if case .absent = fields.presence("category") {} else { product.category = try fields.text("category") }
        try await write.executor.execute(
            "UPDATE pp_products SET name = ?, brand = ?, description = ?, category = ?, updated_at = ? WHERE id = ?",
            [
                .text(product.name), .init(product.brand), .init(product.description), .init(product.category),
                .text(PantryTime.databaseText(write.now)), .text(id),
            ])
        let updated = try await reload(id, in: write.executor)
        try await write.log(LoggedChange(entityType: .product, entityID: id, action: .update, payload: updated.snapshot))
        return updated
    }

    /// `DELETE /products/:id`: refused while the household's inventory holds it; a
    /// product with checkout history is hidden (soft delete) so the history keeps its name.
    static func delete(id: String, in write: HouseholdWrite) async throws {
        let product = try await ownCustomProduct(id: id, in: write)
        let executor = write.executor
        if try await executor.queryFirst(
            "SELECT id FROM pp_inventory WHERE product_id = ? AND household_id = ? LIMIT 1", [.text(id), .text(write.householdID)]) != nil
        {
            throw PantryError.badRequest("Cannot delete product that is in inventory")
        }
        if try await executor.queryFirst("SELECT id FROM pp_checkout_history WHERE product_id = ? LIMIT 1", [.text(id)]) != nil {
            try await executor.execute(
                "UPDATE pp_products SET deleted_at = ? WHERE id = ?", [.text(PantryTime.databaseText(write.now)), .text(id)])
        } else {
            try await executor.execute("DELETE FROM pp_products WHERE id = ?", [.text(id)])
        }
        try await write.log(LoggedChange(entityType: .product, entityID: id, action: .delete, payload: product.snapshot))
    }

    /// Global → 403 `PRODUCT_READ_ONLY`; not visible → 404.
    static func ownCustomProduct(id: String, in write: HouseholdWrite) async throws -> ProductRecord {
        guard let product = try await ProductRecord.findVisible(id: id, householdID: write.householdID, in: write.executor) else {
            throw PantryError.productNotFound
        }
        guard !product.isGlobal else {
            throw PantryError.forbidden("Global products cannot be modified", code: "PRODUCT_READ_ONLY")
        }
        return product
    }

    static func reload(_ id: String, in executor: any SQLExecutor) async throws -> ProductRecord {
        guard let product = try await ProductRecord.find(id: id, in: executor) else { throw PantryError.productNotFound }
        return product
    }
}
