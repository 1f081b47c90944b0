import HearthClient
import HearthCore

/// The user's own wishlists and the ones shared with them (spec §7.2).
public struct WishlistRepository: Sendable {
    let context: WishContext

    init(_ context: WishContext) { self.context = context }

    var shelf: DocumentShelf<Wishlist> { context.shelf(Wishlist.self) }

    /// Wishlists the user owns, by name.
    public func mine() async throws -> [Wishlist] {
        let me = try await context.userID()
        return try shelf.all().filter { $0.ownerID == me }.sorted(by: Self.byName)
    }

    /// Wishlists others shared with the user (reached through a link), by name.
    public func sharedWithMe() async throws -> [Wishlist] {
        let me = try await context.userID()
        return try shelf.all().filter { $0.ownerID != me }.sorted(by: Self.byName)
    }

    public func all() throws -> [Wishlist] { try shelf.all().sorted(by: Self.byName) }

    /// The wishlist named by id, short id or exact name.
    public func find(_ reference: String) throws -> Wishlist {
        let all = try shelf.all()
        if let match = try all.matching(reference) { return match }
        let named = all.filter { $0.name == reference }
        if named.count == 1, let only = named.first { return only }
        if named.count > 1 { throw WishWithMeError.invalid("Several wishlists are called '\(reference)'; use the id.") }
        throw WishWithMeError.notFound("Wishlist '\(reference)'")
    }

    @discardableResult
    public func create(
        name: String, description: String? = nil, icon: String = Wishlist.defaultIcon, iconColor: String = Wishlist.defaultIconColor
    ) async throws -> Wishlist {
        let me = try await context.userID()
        let now = context.clock.now.iso8601
        let wishlist = Wishlist(
            ownerID: me, name: name.trimmingCharacters(in: .whitespacesAndNewlines), description: description, icon: icon,
            iconColor: iconColor, createdAt: now, updatedAt: now)
        try WishlistStyle.validate(wishlist)
        try shelf.save(wishlist)
        await context.saved()
        return wishlist
    }

    /// Applies `change` to the user's own wishlist and saves it.
    @discardableResult
    public func edit(_ reference: String, _ change: (inout Wishlist) -> Void) async throws -> Wishlist {
        var wishlist = try await owned(reference)
        change(&wishlist)
        wishlist.updatedAt = context.clock.now.iso8601
        try WishlistStyle.validate(wishlist)
        try shelf.save(wishlist)
        await context.saved()
        return wishlist
    }

    /// Deletes the user's own wishlist and, as the original iOS app does, its items.
    public func delete(_ reference: String) async throws {
        let wishlist = try await owned(reference)
        let items = try context.shelf(WishlistItem.self).all().filter { $0.wishlistID == wishlist.id }
        // One transaction, wishlist first: the server learns of the deletion before its items.
        try context.store.apply(
            [.delete(collection: shelf.collection, id: wishlist.id)]
                + items.map { .delete(collection: WishDocumentType.item.collection, id: $0.id) })
        await context.saved()
    }

    func owned(_ reference: String) async throws -> Wishlist {
        let wishlist = try find(reference)
        guard wishlist.ownerID == (try await context.userID()) else {
            throw WishWithMeError.notAllowed("Only the owner of '\(wishlist.name)' can change it.")
        }
        return wishlist
    }

    static func byName(_ lhs: Wishlist, _ rhs: Wishlist) -> Bool {
        (lhs.name.lowercased(), lhs.id) < (rhs.name.lowercased(), rhs.id)
    }
}
