import WishWithMeKit

/// Small documents for rule tests.
enum Builders {
    static let owner = "user:owner"
    static let anna = "user:anna"
    static let boris = "user:boris"

    static func wishlist(id: String = "wishlist:w1") -> Wishlist {
        Wishlist(id: id, ownerID: owner, name: "Birthday", access: [owner, anna, boris], createdAt: "2025-03-04T10:15:30Z")
    }

    static func item(id: String = "item:i1", quantity: Int) -> WishlistItem {
        WishlistItem(
            id: id, wishlistID: "wishlist:w1", ownerID: owner, title: "Kettle", quantity: quantity,
            createdAt: "2025-03-04T10:15:30Z")
    }

    static func mark(
        item: String = "item:i1", wishlist: String = "wishlist:w1", by user: String, quantity: Int = 1,
        deleted: Bool = false
    ) -> Mark {
        Mark(
            isDeleted: deleted, itemID: item, wishlistID: wishlist, ownerID: owner, markedBy: user, quantity: quantity,
            createdAt: "2025-03-05T08:00:00Z")
    }
}
