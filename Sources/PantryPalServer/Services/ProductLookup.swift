import HearthCore
import HearthServer
import HearthStore

/// Finding a product by UPC (spec §2.3, W13): the household's own and the global
/// catalogue first, then the external provider, whose answer is kept as a global row and
/// logged to the household that caused it (W3). The provider is called outside any
/// transaction (W22).
struct ProductLookup: Sendable {
    enum Found: Sendable {
        case local(ProductRecord)
        case provider(ProductRecord)
        case notFound
    }

    let transactions: HouseholdTransactions
    let provider: any ProductInfoProvider

    func find(upc: String, userID: String) async throws -> Found {
        let local = try await transactions.read(userID: userID) { householdID, executor in
            try await ProductCatalog.resolve(upc: upc, householdID: householdID, in: executor)
        }
        if let local { return .local(local) }
        let answer: ProviderProduct?
        do {
            answer = try await provider.lookup(upc: upc)
        } catch {
            throw APIError(.serviceUnavailable, code: HearthErrorCode("UPC_LOOKUP_FAILED"), message: "UPC lookup failed")
        }
        guard var answer else { return .notFound }
        answer.upc = upc
        let found = answer
        let now = transactions.clock.now
        let product = try await transactions.database.transaction { executor in
            let (product, created) = try await ProductCatalog.cache(found, now: now, in: executor)
            if created, let write = try await HouseholdWrite.begin(userID: userID, now: now, in: executor) {
                try await write.log(LoggedChange(entityType: .product, entityID: product.id, action: .create, payload: product.snapshot))
            }
            return product
        }
        return .provider(product)
    }
}
