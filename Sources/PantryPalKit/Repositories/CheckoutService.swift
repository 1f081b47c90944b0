import HearthClient
import HearthCore

/// Taking one unit of a product out of stock by its barcode (spec §2.6, W9).
public struct CheckoutService: Sendable {
    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    /// What a checkout did.
    public struct Result: Sendable, Hashable {
        public var productName: String
        /// What is left of the row it came from; `nil` when not known yet (a checkout of a
        /// product unknown here, queued while the server could not be reached).
        public var remaining: Int?
        /// `true` when it waits in the queue; `false` when the server did it directly (the
        /// product was unknown here).
        public var queued: Bool
        /// The local stock row it was taken from, when it was taken on this device.
        public var itemID: String?
        /// The entity whose refusal in the rejection log means this checkout was refused.
        public var entity: EntityKey
    }

    /// Takes one unit: on this device first (the row with the earliest expiration), queued
    /// for the server with its own idempotency key. A product this device does not know is
    /// checked out on the server directly; when the server cannot be reached, that request
    /// is queued under the same key (it may have been applied already).
    public func checkout(upc: String) async throws -> Result {
        let code = try ProductCatalog.validUPC(upc)
        _ = try context.household()
        if let local = try context.store.checkout(upc: code) {
            return Result(
                productName: local.product.displayName, remaining: local.remaining, queued: true, itemID: local.itemID,
                entity: EntityKey(.inventory, local.itemID))
        }
        let key = context.newID()
        let body: JSONValue
        do {
            body = try await context.api.json(.post, "checkout/scan", body: ["upc": .string(code)], idempotencyKey: key)
        } catch let error as ClientError where error.isTransient {
            try context.store.queueCheckout(upc: code, idempotencyKey: key)
            return Result(productName: "UPC \(code)", remaining: nil, queued: true, itemID: nil, entity: .scannedUPC(code))
        }
        let answer = CheckoutAnswer(body)
        guard answer.success else {
            throw answer.failureCode == "PRODUCT_NOT_FOUND"
                ? PantryPalError.notFound("A product with UPC \(code)") : PantryPalError.notInStock(answer.productName ?? "UPC \(code)")
        }
        return Result(
            productName: answer.productName ?? code, remaining: answer.newQuantity ?? 0, queued: false, itemID: answer.consumedItemID,
            entity: .scannedUPC(code))
    }
}
