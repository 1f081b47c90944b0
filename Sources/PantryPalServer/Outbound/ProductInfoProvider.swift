/// What a product catalogue knows about one barcode (spec §2.3 step 2).
struct ProviderProduct: Sendable, Hashable {
    var upc: String
    var name: String
    var brand: String?
    var description: String?
    var imageURL: String?
    var category: String?
}

/// The catalogue could not answer: down, too slow, or an answer that makes no sense.
enum ProductProviderError: Error, Sendable {
    case unavailable(String)
}

/// Looks barcodes up in an outside product catalogue.
protocol ProductInfoProvider: Sendable {
    /// The product, or nil when the catalogue does not know it (or knows it without a name).
    func lookup(upc: String) async throws -> ProviderProduct?
}

/// The lookup used when no catalogue is configured: nothing is ever found.
struct NoProductProvider: ProductInfoProvider {
    func lookup(upc: String) async throws -> ProviderProduct? { nil }
}
