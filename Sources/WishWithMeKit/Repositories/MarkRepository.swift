import HearthClient
import HearthCore

/// Marks: a friend's "I will buy this" (spec §7.4). Surprise mode holds everywhere: the
/// wishlist's owner never sees marks, whatever the device holds.
public struct MarkRepository: Sendable {
    let context: WishContext

    init(_ context: WishContext) { self.context = context }

    var shelf: DocumentShelf<Mark> { context.shelf(Mark.self) }

    /// The marks of `wishlist` the user may see (none on their own wishlists).
    public func visible(in wishlist: Wishlist) async throws -> [Mark] {
        SurpriseMode.visibleMarks(try shelf.all(), wishlist: wishlist, viewer: try await context.userID())
    }

    /// Totals of `item` as the user may see them; the owner sees nothing marked.
    public func tally(of item: WishlistItem, in wishlist: Wishlist) async throws -> MarkTally {
        try await tallies(of: [item], in: wishlist)[item.id] ?? MarkTally(item: item, marks: [])
    }

    /// Totals of each of `items`, by item id, reading the wishlist's marks once.
    public func tallies(of items: [WishlistItem], in wishlist: Wishlist) async throws -> [String: MarkTally] {
        let viewer = try await context.userID()
        let marks = Dictionary(grouping: try await visible(in: wishlist), by: \.itemID)
        return Dictionary(
            items.map { ($0.id, MarkTally(item: $0, marks: marks[$0.id] ?? [], viewerID: viewer)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Marks `quantity` of `item` as the user's to buy (replacing the user's earlier mark).
    @discardableResult
    public func mark(_ item: WishlistItem, in wishlist: Wishlist, quantity: Int = 1) async throws -> Mark {
        let me = try await context.userID()
        guard SurpriseMode.canMark(in: wishlist, viewer: me) else {
            throw WishWithMeError.notAllowed("You cannot mark items on your own wishlist.")
        }
        guard quantity >= 1 else { throw WishWithMeError.invalid("The quantity must be at least 1.") }
        let tally = try await tally(of: item, in: wishlist)
        guard tally.allowsViewerQuantity(quantity) else {
            throw WishWithMeError.notAllowed(
                "Only \(tally.available + tally.markedByViewer) of '\(item.title)' can still be marked.")
        }
        let now = context.clock.now.iso8601
        let mine = try shelf.all().first { $0.itemID == item.id && $0.markedBy == me }
        var mark =
            mine
            ?? Mark(
                itemID: item.id, wishlistID: wishlist.id, ownerID: wishlist.ownerID, markedBy: me, quantity: quantity,
                createdAt: now, updatedAt: now)
        mark.quantity = quantity
        mark.updatedAt = now
        try shelf.save(mark)
        await context.saved()
        return mark
    }

    /// Removes the user's mark on `item`; `false` if there was none.
    @discardableResult
    public func unmark(_ item: WishlistItem) async throws -> Bool {
        let me = try await context.userID()
        let mine = try shelf.all().filter { $0.itemID == item.id && $0.markedBy == me }
        for mark in mine { try shelf.delete(mark.id) }
        if !mine.isEmpty { await context.saved() }
        return !mine.isEmpty
    }
}
