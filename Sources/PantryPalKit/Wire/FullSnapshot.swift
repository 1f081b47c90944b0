import HearthClient
import HearthCore

/// Answer of `GET sync/full` with Hearth's additions: everything the household has, and
/// the feed position it was taken at.
struct FullSnapshot: Sendable {
    var products: [Product]
    var inventory: [InventoryItem]
    var locations: [Location]
    var grocery: [GroceryItem]
    var cursor: Int64

    init(_ body: JSONValue) throws {
        guard let cursor = body["cursor"]?.intValue else {
            throw ClientError.invalidResponse("sync/full has no cursor; is it a Hearth PantryPal server?")
        }
        products = (body["products"]?.arrayValue ?? []).compactMap(Product.init(row:))
        inventory = (body["inventory"]?.arrayValue ?? []).compactMap(InventoryItem.init(row:))
        locations = (body["locations"]?.arrayValue ?? []).compactMap(Location.init(row:))
        grocery = (body["grocery"]?.arrayValue ?? []).compactMap(GroceryItem.init(row:))
        self.cursor = cursor
    }

    init(products: [Product], inventory: [InventoryItem], locations: [Location], grocery: [GroceryItem], cursor: Int64) {
        self.products = products
        self.inventory = inventory
        self.locations = locations
        self.grocery = grocery
        self.cursor = cursor
    }
}
