import HearthClient

/// Bookmarks of wishlists the user opened through links (spec §7.6). The server keeps
/// them; the user may only remove one, which does not withdraw access.
public struct BookmarkRepository: Sendable {
    let context: WishContext

    init(_ context: WishContext) { self.context = context }

    var shelf: DocumentShelf<Bookmark> { context.shelf(Bookmark.self) }

    /// Most recently opened first.
    public func list() throws -> [Bookmark] {
        try shelf.all().sorted { ($0.lastAccessedAt ?? $0.createdAt, $0.id) > ($1.lastAccessedAt ?? $1.createdAt, $1.id) }
    }

    public func remove(_ reference: String) async throws {
        let all = try shelf.all()
        guard let bookmark = try all.matching(reference) ?? all.first(where: { $0.wishlistName == reference }) else {
            throw WishWithMeError.notFound("Bookmark '\(reference)'")
        }
        try shelf.delete(bookmark.id)
        await context.saved()
    }
}
