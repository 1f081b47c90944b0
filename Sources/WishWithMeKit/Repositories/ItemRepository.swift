import HearthClient
import HearthCore

/// Items of a wishlist (spec §7.3): added by link (resolved by the server) or by hand.
public struct ItemRepository: Sendable {
    let context: WishContext

    init(_ context: WishContext) { self.context = context }

    var shelf: DocumentShelf<WishlistItem> { context.shelf(WishlistItem.self) }

    /// The wishlist's items, oldest first.
    public func list(in wishlist: Wishlist) throws -> [WishlistItem] {
        try shelf.all().filter { $0.wishlistID == wishlist.id }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func find(_ reference: String) throws -> WishlistItem {
        let all = try shelf.all()
        if let match = try all.matching(reference) { return match }
        let titled = all.filter { $0.title == reference }
        if titled.count == 1, let only = titled.first { return only }
        throw WishWithMeError.notFound("Item '\(reference)'")
    }

    /// Adds `draft` to the user's own wishlist. An item added by link starts `pending`
    /// until the server has read the shop page.
    @discardableResult
    public func add(_ draft: ItemDraft, to wishlist: Wishlist) async throws -> WishlistItem {
        guard wishlist.ownerID == (try await context.userID()) else {
            throw WishWithMeError.notAllowed("Only the owner of '\(wishlist.name)' can add items to it.")
        }
        let item = draft.makeItem(in: wishlist, now: context.clock.now)
        try shelf.save(item)
        await context.saved()
        return item
    }

    /// Applies `change` to one of the user's own items and saves it.
    @discardableResult
    public func edit(_ reference: String, _ change: (inout WishlistItem) throws -> Void) async throws -> WishlistItem {
        var item = try owned(reference, by: try await context.userID())
        try change(&item)
        _ = try ItemDraft.manual(
            title: item.title, description: item.description, price: item.price, currency: item.currency, quantity: item.quantity)
        item.updatedAt = context.clock.now.iso8601
        try shelf.save(item)
        await context.saved()
        return item
    }

    public func delete(_ reference: String) async throws {
        let item = try owned(reference, by: try await context.userID())
        try shelf.delete(item.id)
        await context.saved()
    }

    func owned(_ reference: String, by userID: String) throws -> WishlistItem {
        let item = try find(reference)
        guard item.ownerID == userID else {
            throw WishWithMeError.notAllowed("Only the wishlist's owner can change '\(item.title)'.")
        }
        return item
    }
}
