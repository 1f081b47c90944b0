import Foundation
import HearthClient
import HearthCore

/// Products known to this device, UPC lookups, and the household's own products.
public struct ProductCatalog: Sendable {
    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    public func all() throws -> [Product] { try context.store.products() }

    /// The product this device knows under `upc` (the household's own first).
    public func local(upc: String) throws -> Product? { try context.store.products(upc: upc).first }

    /// Asks the server which product a UPC is (its catalogue, then the product database)
    /// and keeps the answer. `nil` when nobody knows the code.
    public func lookup(upc: String) async throws -> Product? {
        let code = try Self.validUPC(upc)
        let answer = LookupAnswer(try await context.api.json(.get, "products/lookup/\(PantryPalAPI.pathSegment(code))"))
        if let product = answer.product { try context.store.cacheProduct(product) }
        return answer.product
    }

    /// The product for `upc`: known here, else looked up on the server. `nil` when the
    /// server does not know it; throws when the server cannot be asked.
    public func resolve(upc: String) async throws -> Product? {
        if let known = try local(upc: upc) { return known }
        do {
            return try await lookup(upc: upc)
        } catch let error as ClientError where error.isTransient {
            throw PantryPalError.needsServer("Looking up UPC \(upc)")
        }
    }

    /// Defines a product of the household's own (works offline; sent with its client id).
    /// With a UPC the household already has a product for, that product is returned.
    public func addCustom(
        name: String, upc: String? = nil, brand: String? = nil, description: String? = nil, category: String? = nil
    ) throws -> Product {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw PantryPalError.invalid("A product needs a name.") }
        let household = try context.household()
        if let upc, let existing = try context.store.products(upc: upc).first(where: { $0.householdID == household.id }) {
            return existing
        }
        let product = Product(
            id: context.newID(), upc: try upc.map(Self.validUPC), name: trimmed, brand: brand, description: description,
            category: category, isCustom: true, householdID: household.id)
        try context.store.addProduct(product)
        return product
    }

    static func validUPC(_ upc: String) throws -> String {
        let code = upc.trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty, code.count <= 64, !code.contains("/") else {
            throw PantryPalError.invalid("'\(upc)' is not a product code; give the digits printed under the barcode.")
        }
        return code
    }
}
