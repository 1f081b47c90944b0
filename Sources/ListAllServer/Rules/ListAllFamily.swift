import HearthCore
import HearthServer
import HearthStore

/// The `la_children` index of which live document hangs from which, kept in the write's
/// transaction, and the cascade that deletes a list's items and an item's images.
struct ListAllFamily {
    let writer: DocumentWriter

    func remember(_ id: String, parent: String, collection: ListAllCollection) async throws {
        try await writer.executor.execute(
            """
            INSERT INTO la_children (doc_id, parent_id, collection) VALUES (?, ?, ?)
            ON CONFLICT (doc_id) DO UPDATE SET parent_id = excluded.parent_id
            """, [.text(id), .text(parent), .text(collection.rawValue)])
    }

    func forget(_ id: String) async throws {
        try await writer.executor.execute("DELETE FROM la_children WHERE doc_id = ?", [.text(id)])
    }

    /// Tombstones every live child of `parent` (and theirs), stamped with the parent's edit
    /// time so a later edit of a child elsewhere still loses to the deletion's rule check.
    func deleteChildren(of parent: StoredDocument, by userID: String) async throws {
        let rows = try await writer.executor.query(
            "SELECT doc_id FROM la_children WHERE parent_id = ? ORDER BY doc_id", [.text(parent.id)])
        let ids = try rows.map { try $0.string("doc_id") }
        try await writer.prefetch(ids)
        for id in ids {
            guard let child = try await writer.fetch(id), !child.deleted else {
                try await forget(id)
                continue
            }
            let tombstone = try await writer.save(
                DocumentWrite(
                    id: child.id, collection: child.collection, data: child.data, deleted: true, access: Set(child.access),
                    clientUpdatedAt: parent.clientUpdatedAt, author: userID),
                replacing: child)
            try await forget(id)
            if ListAllCollection(rawValue: child.collection)?.child != nil {
                try await deleteChildren(of: tombstone, by: userID)
            }
        }
    }
}
