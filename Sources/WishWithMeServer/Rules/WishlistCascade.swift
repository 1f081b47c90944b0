import HearthCore
import HearthServer
import HearthStore

/// What a deletion takes with it (spec §8.14): deleting a wishlist deletes its items and
/// marks, revokes its share links and deletes the bookmarks pointing to it; deleting an
/// item deletes its marks. Runs in the deleting transaction.
struct WishlistCascade {
    let rules: WishWithMeRules

    func deleteContents(of wishlist: StoredDocument, by userID: String, writer: DocumentWriter) async throws {
        let context = WishWithMeWriteContext(writer: writer)
        for item in try await context.children(of: wishlist.id, in: .items) {
            try await delete(item, by: userID, writer: writer)
        }
        for leftover in try await context.children(of: wishlist.id, in: .marks) {
            try await delete(leftover, by: userID, writer: writer)
        }
        for bookmark in try await context.children(of: wishlist.id, in: .bookmarks) {
            try await delete(bookmark, by: userID, writer: writer)
        }
        for share in try await context.children(of: wishlist.id, in: .shares) where share.data["revoked"]?.boolValue != true {
            try await ShareRevocation(rules: rules).revoke(share, by: userID, writer: writer, updateAudience: false)
        }
        try await writer.executor.execute("DELETE FROM wwm_grants WHERE wishlist_id = ?", [.text(wishlist.id)])
    }

    func deleteMarks(onItem itemID: String, by userID: String, writer: DocumentWriter) async throws {
        for mark in try await DocumentRelations.marks(onItem: itemID, store: writer.store, executor: writer.executor) {
            try await delete(mark, by: userID, writer: writer)
        }
    }

    private func delete(_ document: StoredDocument, by userID: String, writer: DocumentWriter) async throws {
        try await rules.save(
            DocumentWrite(
                id: document.id, collection: document.collection, data: document.data, deleted: true,
                access: Set(document.access), clientUpdatedAt: writer.store.clock.now, author: userID),
            replacing: document, writer: writer)
    }
}
