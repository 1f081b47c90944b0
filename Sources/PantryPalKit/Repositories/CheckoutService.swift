import HearthClient
import HearthCore

/// Taking one unit of a product out of stock by its barcode (spec §2.6, W9).
public struct CheckoutService: Sendable {
    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    /// What a checkout did.
    public struct Result: Sendable, Hashable {
        public var productName: String
        /// What is left of the row it came from.
        public var remaining: Int
        /// `true` when it was done on this device and waits in the queue; `false` when the
        /// server did it directly (the product was unknown here).
        public var queued: Bool
    }

    /// Takes one unit: on this device first (the row with the earliest expiration), queued
    /// for the server with its own idempotency key. A product this device does not know is
    /// checked out on the server directly.
    public func checkout(upc: String) async throws -> Result {
        let code = try ProductCatalog.validUPC(upc)
        _ = try context.household()
        if let local = try context.store.checkout(upc: code) {
            return Result(productName: local.product.displayName, remaining: local.remaining, queued: true)
        }
        let body: JSONValue
        do {
            body = try await context.api.json(.post, "checkout/scan", body: ["upc": .string(code)], idempotencyKey: context.newID())
        } catch let error as ClientError where error.isTransient {
            throw PantryPalError.needsServer("Checking out a product this device does not know")
        }
        let answer = CheckoutAnswer(body)
        guard answer.success else {
            throw answer.failureCode == "PRODUCT_NOT_FOUND"
                ? PantryPalError.notFound("A product with UPC \(code)") : PantryPalError.notInStock(answer.productName ?? "UPC \(code)")
        }
        return Result(productName: answer.productName ?? code, remaining: answer.newQuantity ?? 0, queued: false)
    }
}
