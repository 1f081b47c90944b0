import HearthCore
import HearthServer
import HearthStore

/// Re-stamps the audience of a wishlist, its items and its marks after its grants changed,
/// so new viewers receive everything and former viewers receive `remove` entries in the
/// delta feed and lose it from their pulls. Former viewers' bookmarks of it are deleted.
///
/// Access-only versions keep the previous edit time and author, so they never decide a
/// last-write-wins contest against a real edit.
struct AudienceRefresh {
    let rules: WishWithMeRules

    func refresh(_ wishlist: StoredDocument, writer: DocumentWriter) async throws {
        let context = WishWithMeWriteContext(writer: writer)
        let owner = wishlist.data["owner_id"]?.stringValue ?? ""
        let readers = try await WishlistAudience.readers(ofWishlist: wishlist.id, owner: owner, executor: writer.executor)
        let lost = Set(wishlist.access).subtracting(readers)
        try await restamp(wishlist, access: readers, writer: writer)
        for item in try await context.children(of: wishlist.id, in: .items) {
            try await restamp(item, access: readers, writer: writer)
        }
        for mark in try await context.children(of: wishlist.id, in: .marks) {
            try await restamp(mark, access: readers.subtracting([owner]), writer: writer)
        }
        for user in lost.sorted() {
            guard let bookmark = try await DocumentRelations.bookmark(of: user, for: wishlist.id, store: writer.store, executor: writer.executor)
            else { continue }
            try await rules.save(
                DocumentWrite(
                    id: bookmark.id, collection: bookmark.collection, data: bookmark.data, deleted: true,
                    access: Set(bookmark.access), clientUpdatedAt: writer.store.clock.now, author: owner),
                replacing: bookmark, writer: writer)
        }
    }

    private func restamp(_ document: StoredDocument, access: Set<String>, writer: DocumentWriter) async throws {
        guard Set(document.access) != access else { return }
        try await rules.save(
            DocumentWrite(
                id: document.id, collection: document.collection, data: document.data, access: access,
                clientUpdatedAt: document.clientUpdatedAt, author: document.updatedBy),
            replacing: document, writer: writer)
    }
}
