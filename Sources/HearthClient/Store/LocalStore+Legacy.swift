import GRDB
import HearthCore

/// How the original apps' sync (push dirty → pull everything → reconcile, spec
/// wishwithme.md §4.7) records its exchanges. "Dirty" is "has pending mutations".
extension LocalStore {
    /// The documents of `collection` with local edits (deletions included), and the queue
    /// position up to which those edits are covered. Their edits count as sent from now on,
    /// so an edit made after this snapshot queues separately and stays dirty even if the
    /// push succeeds.
    public func takeDirtyDocuments(_ collection: String) throws -> (documents: [LocalDocument], through: Int64) {
        try database.write { db in
            let through = try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM pending_mutations") ?? 0
            try db.execute(
                sql: "UPDATE pending_mutations SET attempts = attempts + 1 WHERE collection = ? AND position <= ?",
                arguments: [collection, through])
            let documents = try Row.fetchAll(
                db,
                sql: LocalDocument.selection
                    + " WHERE d.collection = ? AND EXISTS (SELECT 1 FROM pending_mutations m WHERE m.collection = d.collection AND m.document_id = d.id) ORDER BY d.id",
                arguments: [collection]
            ).map(LocalDocument.init(row:))
            return (documents, through)
        }
    }

    /// Marks pushed documents clean (the server accepted them): their edits up to `through`
    /// leave the queue, and pushed deletions leave the store.
    public func markClean(_ collection: String, ids: [String], through: Int64) throws {
        try database.write { db in
            for id in ids {
                try dropEdits(db, collection, id, through: through)
                guard try !hasPending(db, collection, id) else { continue }
                try db.execute(
                    sql: "DELETE FROM local_documents WHERE collection = ? AND id = ? AND deleted = 1", arguments: [collection, id])
                // The server now has what was pushed: remember it as the server's copy, so a
                // later delete is queued and a later refused edit reverts to it.
                try db.execute(
                    sql: """
                        UPDATE local_documents SET server_data = data, server_version = MAX(server_version, 1)
                        WHERE collection = ? AND id = ?
                        """, arguments: [collection, id])
            }
        }
    }

    /// Takes the server's copies that won a push conflict (as the original web client does):
    /// each replaces the local document, or deletes it if the copy is a deletion, and the
    /// edits it answered (up to `through`) leave the queue.
    public func acceptServerCopies(_ collection: String, _ copies: [(id: String, data: JSONValue)], through: Int64) throws {
        try database.write { db in
            for (id, data) in copies {
                try dropEdits(db, collection, id, through: through)
                guard try !hasPending(db, collection, id) else { continue }
                if data["_deleted"]?.boolValue == true {
                    try remove(db, collection, id)
                    continue
                }
                try storeServerCopy(db, collection, id, data, version: 1)
            }
        }
    }

    /// Undoes pushed edits the server refused without sending its own copy (no access, a
    /// deleted parent, a rule broken): the reason is kept and the document goes back to the
    /// server's state, or away if the server never had it. The original iOS client kept such
    /// documents dirty and re-pushed them forever.
    public func undoRefused(_ collection: String, _ refusals: [(id: String, message: String)], through: Int64) throws {
        try database.write { db in
            for (id, message) in refusals {
                try dropEdits(db, collection, id, through: through)
                try Self.keepRecentRejections(db)
                try db.execute(
                    sql: "INSERT INTO sync_rejections (collection, document_id, code, message, at) VALUES (?, ?, 'REFUSED', ?, ?)",
                    arguments: [collection, id, message, clock.now.millisecondsSince1970])
                if try !hasPending(db, collection, id) { try revert(db, collection, id) }
            }
        }
    }

    /// Applies a full pull of `collection` in one transaction, as the original iOS client
    /// does: dirty local copies are kept, clean ones overwritten, unknown ones inserted; then
    /// clean local documents the server did not send are deleted, unless their push failed
    /// in this cycle (`protected`).
    public func applyLegacyPull(_ collection: String, documents: [(id: String, data: JSONValue)], protected: Set<String>) throws {
        try database.write { db in
            var present = Set<String>()
            for (id, data) in documents {
                present.insert(id)
                guard try !hasPending(db, collection, id) else { continue }
                try storeServerCopy(db, collection, id, data, version: 1)
            }
            let local = try String.fetchAll(db, sql: "SELECT id FROM local_documents WHERE collection = ?", arguments: [collection])
            for id in local where !present.contains(id) && !protected.contains(id) {
                guard try !hasPending(db, collection, id) else { continue }
                try remove(db, collection, id)
            }
        }
    }

    /// Drops the queued edits of a document up to queue position `through`.
    private func dropEdits(_ db: Database, _ collection: String, _ id: String, through: Int64) throws {
        try db.execute(
            sql: "DELETE FROM pending_mutations WHERE collection = ? AND document_id = ? AND position <= ?",
            arguments: [collection, id, through])
    }
}
