/// A stock row with the product and location it refers to, as a list shows it.
public struct StockEntry: Sendable, Hashable {
    public var item: InventoryItem
    public var product: Product?
    public var location: Location?

    public init(item: InventoryItem, product: Product?, location: Location?) {
        self.item = item
        self.product = product
        self.location = location
    }

    public var productName: String { product?.displayName ?? "Unknown product" }
}
