import GRDB
import HearthCore

/// How the delta protocol (spec/sync.md) records its exchanges in the local store.
extension LocalStore {
    /// The next queued mutations — at most `limit`, and no more than `maxBytes` of document
    /// data unless a single one is larger — marked as sent in the same transaction: from
    /// now on they are never folded with newer edits, so what is sent is exactly what a
    /// retry sends, and an edit made meanwhile queues behind them.
    public func takeMutationsToSend(limit: Int, maxBytes: Int = 4 * 1024 * 1024) throws -> [PendingMutation] {
        try database.write { db in
            var batch: [PendingMutation] = []
            var bytes = 0
            let rows = try Row.fetchCursor(
                db, sql: "SELECT *, LENGTH(data) AS size FROM pending_mutations ORDER BY position LIMIT ?", arguments: [limit])
            while let row = try rows.next() {
                bytes += (row["size"] as Int?) ?? 0
                if bytes > maxBytes && !batch.isEmpty { break }
                batch.append(try PendingMutation(row: row))
            }
            for mutation in batch {
                try db.execute(
                    sql: "UPDATE pending_mutations SET attempts = attempts + 1 WHERE position = ?", arguments: [mutation.position])
            }
            return batch
        }
    }

    /// Applies the server's answers to a push in one transaction.
    ///
    /// - `applied`: the mutation leaves the queue and the server's version is recorded.
    /// - `conflict`: the server's winning document replaces the local one unless newer local
    ///   edits wait; a winner the user may not read removes the local copy.
    /// - `rejected`: the edit is undone (back to the server's state) and the reason kept;
    ///   except `RETRY_LATER`, a mutation the server did not get to, which stays queued.
    public func recordPushResults(_ results: [(PendingMutation, SyncMutationResult)]) throws {
        try database.write { db in
            // The server did not get to these; they are sent again, unchanged, next time.
            for (mutation, result) in results where !result.isDeferred {
                try db.execute(sql: "DELETE FROM pending_mutations WHERE position = ?", arguments: [mutation.position])
                let stillPending = try hasPending(db, mutation.collection, mutation.documentID)
                switch result.status {
                case .applied:
                    if mutation.operation == .delete {
                        if !stillPending { try remove(db, mutation.collection, mutation.documentID) }
                    } else if let version = result.version {
                        try db.execute(
                            sql: """
                                UPDATE local_documents SET server_data = ?, server_version = MAX(server_version, ?)
                                WHERE collection = ? AND id = ?
                                """, arguments: [mutation.data?.storedText, version, mutation.collection, mutation.documentID])
                    }
                case .conflict:
                    if let winner = result.doc {
                        try accept(db, winner, overwritingLocal: !stillPending)
                    } else if !stillPending {
                        try remove(db, mutation.collection, mutation.documentID)
                    }
                case .rejected:
                    try Self.keepRecentRejections(db)
                    try db.execute(
                        sql: "INSERT INTO sync_rejections (collection, document_id, code, message, at) VALUES (?, ?, ?, ?, ?)",
                        arguments: [
                            mutation.collection, mutation.documentID, result.code?.rawValue ?? "REJECTED", result.message ?? "",
                            clock.now.millisecondsSince1970,
                        ])
                    if !stillPending { try revert(db, mutation.collection, mutation.documentID) }
                }
            }
        }
    }

    /// Applies one page of the change feed and saves the cursor that follows it, together.
    /// During a resync the page's live documents are also recorded as seen, in the same
    /// transaction.
    public func applyChanges(_ changes: [SyncChange], cursor: String) throws {
        try database.write { db in
            let resyncing =
                try LocalDatabase.value(db, in: "sync_state", key: SyncStateKey.resyncing.rawValue) != nil
            for change in changes {
                if resyncing, change.op == .upsert, change.doc?.deleted == false {
                    try db.cachedStatement(sql: "INSERT OR IGNORE INTO resync_seen (collection, id) VALUES (?, ?)")
                        .execute(arguments: [change.collection, change.id])
                }
                switch change.op {
                case .remove:
                    try db.execute(
                        sql: "DELETE FROM pending_mutations WHERE collection = ? AND document_id = ?",
                        arguments: [change.collection, change.id])
                    try remove(db, change.collection, change.id)
                case .upsert:
                    guard let doc = change.doc else { continue }
                    try accept(db, doc, overwritingLocal: !(try hasPending(db, doc.collection, doc.id)))
                }
            }
            try Self.setState(db, .cursor, cursor)
        }
    }

    /// Starts a pull from the beginning (the first sync, or a cursor the server no longer
    /// knows). Until ``finishResync()`` every live document a page brings is remembered with
    /// that page, so a resync interrupted by a crash resumes from its cursor and still knows
    /// everything the server sent.
    public func beginResync() throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM resync_seen")
            try Self.setState(db, .cursor, nil)
            try Self.setState(db, .resyncing, "1")
        }
    }

    public func isResyncing() throws -> Bool { try state(.resyncing) != nil }

    /// Ends a resync: drops every document without local edits that the server did not
    /// send, since the server no longer gives it to this user.
    public func finishResync() throws {
        try database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM local_documents WHERE NOT EXISTS
                        (SELECT 1 FROM pending_mutations m WHERE m.collection = local_documents.collection AND m.document_id = local_documents.id)
                    AND NOT EXISTS
                        (SELECT 1 FROM resync_seen s WHERE s.collection = local_documents.collection AND s.id = local_documents.id)
                    """)
            try db.execute(sql: "DELETE FROM resync_seen")
            try Self.setState(db, .resyncing, nil)
        }
    }

    /// Stores the server's state of a document; the local view follows it unless local
    /// edits wait. A version older than the one already known is ignored.
    private func accept(_ db: Database, _ doc: SyncDocument, overwritingLocal: Bool) throws {
        // Cached statements: a full pull runs these once per document.
        let known = try Int64.fetchOne(
            try db.cachedStatement(sql: "SELECT server_version FROM local_documents WHERE collection = ? AND id = ?"),
            arguments: [doc.collection, doc.id])
        if let known, known > doc.version { return }
        if doc.deleted {
            if overwritingLocal {
                try remove(db, doc.collection, doc.id)
            } else {
                try db.execute(
                    sql: "UPDATE local_documents SET server_data = NULL, server_version = ? WHERE collection = ? AND id = ?",
                    arguments: [doc.version, doc.collection, doc.id])
            }
            return
        }
        let text = doc.data.storedText
        if overwritingLocal {
            try db.cachedStatement(
                sql: """
                    INSERT INTO local_documents (collection, id, data, deleted, server_data, server_version) VALUES (?, ?, ?, 0, ?, ?)
                    ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, deleted = 0,
                        server_data = excluded.server_data, server_version = excluded.server_version
                    """
            ).execute(arguments: [doc.collection, doc.id, text, text, doc.version])
        } else {
            try db.execute(
                sql: "UPDATE local_documents SET server_data = ?, server_version = ? WHERE collection = ? AND id = ?",
                arguments: [text, doc.version, doc.collection, doc.id])
        }
    }
}

/// A document's identity in a store: collection and id.
public struct DocumentKey: Sendable, Hashable {
    public var collection: String
    public var id: String

    public init(collection: String, id: String) {
        self.collection = collection
        self.id = id
    }
}

extension SyncMutationResult {
    /// The server left this mutation for a later push (its answer was full).
    public var isDeferred: Bool { status == .rejected && code == .retryLater }
}
