import HearthCore
import HearthStore

/// Which wishlist, item and user each document points at, kept in `wwm_relations` on every
/// write so that "all items of this wishlist" or "all marks on this item" are index
/// lookups rather than scans of JSON bodies.
enum DocumentRelations {
    static func record(_ document: StoredDocument, in executor: any SQLExecutor) async throws {
        let data = document.data
        let userID: String? =
            switch document.collection {
            case WishWithMeCollection.marks.rawValue: data["marked_by"]?.stringValue
            case WishWithMeCollection.bookmarks.rawValue: data["user_id"]?.stringValue
            default: data["owner_id"]?.stringValue
            }
        try await executor.execute(
            """
            INSERT INTO wwm_relations (doc_id, collection, wishlist_id, item_id, user_id) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (doc_id) DO UPDATE SET collection = excluded.collection, wishlist_id = excluded.wishlist_id,
                item_id = excluded.item_id, user_id = excluded.user_id
            """,
            [
                .text(document.id), .text(document.collection), SQLValue(data["wishlist_id"]?.stringValue),
                SQLValue(data["item_id"]?.stringValue), SQLValue(userID),
            ])
    }

    /// Live (not deleted) documents of `collection` that point at `wishlistID`.
    static func documents(
        of wishlistID: String, in collection: WishWithMeCollection, store: DocumentStore, executor: any SQLExecutor
    ) async throws -> [StoredDocument] {
        try await documents(where: "r.wishlist_id = ? AND r.collection = ?", [.text(wishlistID), .text(collection.rawValue)], store, executor)
    }

    /// Live marks on `itemID`.
    static func marks(onItem itemID: String, store: DocumentStore, executor: any SQLExecutor) async throws -> [StoredDocument] {
        try await documents(
            where: "r.item_id = ? AND r.collection = ?", [.text(itemID), .text(WishWithMeCollection.marks.rawValue)], store, executor)
    }

    /// The live bookmark `userID` holds for `wishlistID`, if any.
    static func bookmark(of userID: String, for wishlistID: String, store: DocumentStore, executor: any SQLExecutor) async throws
        -> StoredDocument?
    {
        try await documents(
            where: "r.user_id = ? AND r.wishlist_id = ? AND r.collection = ?",
            [.text(userID), .text(wishlistID), .text(WishWithMeCollection.bookmarks.rawValue)], store, executor
        ).first
    }

    private static func documents(
        where condition: String, _ arguments: [SQLValue], _ store: DocumentStore, _ executor: any SQLExecutor
    ) async throws -> [StoredDocument] {
        try await executor.query(
            """
            SELECT \(StoredDocument.columns(of: "d")) FROM wwm_relations r JOIN hearth_documents d ON d.app = ? AND d.id = r.doc_id
            WHERE \(condition) AND d.deleted = ? ORDER BY d.id
            """, [.text(store.app)] + arguments + [SQLValue(false)]
        ).map(StoredDocument.init(row:))
    }
}
