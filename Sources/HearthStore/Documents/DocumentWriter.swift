import HearthCore

/// The handle a ``DocumentStore/write(_:)`` body uses: reads see the latest committed
/// state, and ``save(_:)`` stores a version and fans it out to the feeds.
public struct DocumentWriter: Sendable {
    public let store: DocumentStore
    /// The transaction's connection, for an app's own tables in the same transaction.
    public let executor: any SQLExecutor
    let touches: FeedTouches

    public func fetch(_ id: String) async throws -> StoredDocument? {
        try await store.fetch(id, in: executor)
    }

    /// Stores `write` as the document's next version.
    ///
    /// Every user in the new `access` gets an `upsert` feed entry; every user who was in the
    /// previous `access` but is not any more gets a `remove` entry. Each save takes its own
    /// seq, so a cursor never stops between two entries of one number.
    @discardableResult
    public func save(_ write: DocumentWrite) async throws -> StoredDocument {
        try await save(write, replacing: try await fetch(write.id))
    }

    /// ``save(_:)`` for a caller that has already fetched the stored version through this
    /// writer (so it is current: the feed lock is held), sparing a second read.
    @discardableResult
    public func save(_ write: DocumentWrite, replacing previous: StoredDocument?) async throws -> StoredDocument {
        let seq = try await FeedSequence.next(executor)
        let now = store.clock.now
        let access = write.access.sorted()
        let document = StoredDocument(
            app: store.app, id: write.id, collection: write.collection, data: write.data,
            version: (previous?.version ?? 0) + 1, seq: seq, updatedAt: now,
            clientUpdatedAt: write.clientUpdatedAt, updatedBy: write.author, deleted: write.deleted, access: access)
        try await executor.execute(
            """
            INSERT INTO hearth_documents (\(StoredDocument.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (app, id) DO UPDATE SET collection = excluded.collection, body = excluded.body,
                version = excluded.version, seq = excluded.seq, updated_at = excluded.updated_at,
                client_updated_at = excluded.client_updated_at, updated_by = excluded.updated_by,
                deleted = excluded.deleted, access = excluded.access
            """,
            [
                .text(document.app), .text(document.id), .text(document.collection), SQLValue(json: document.data),
                .integer(document.version), .integer(seq), SQLValue(now), SQLValue(document.clientUpdatedAt),
                .text(document.updatedBy), SQLValue(document.deleted), SQLValue(json: .array(access.map { .string($0) })),
            ])
        let lostAccess = Set(previous?.access ?? []).subtracting(write.access).sorted()
        try await replaceAccess(of: document, previousAccess: previous?.access ?? [])
        try await appendFeedEntries(users: access, op: .upsert, document: document, now: now)
        try await appendFeedEntries(users: lostAccess, op: .remove, document: document, now: now)
        touches.record(users: access + lostAccess, seq: seq)
        return document
    }

    private func replaceAccess(of document: StoredDocument, previousAccess: [String]) async throws {
        let removed = Set(previousAccess).subtracting(document.access)
        let added = Set(document.access).subtracting(previousAccess)
        for user in removed.sorted() {
            try await executor.execute(
                "DELETE FROM hearth_document_access WHERE app = ? AND doc_id = ? AND user_id = ?",
                [.text(document.app), .text(document.id), .text(user)])
        }
        guard !added.isEmpty else { return }
        let rows = added.sorted().map { user -> [SQLValue] in
            [.text(document.app), .text(document.id), .text(user), .text(document.collection)]
        }
        try await insertRows(
            "INSERT INTO hearth_document_access (app, doc_id, user_id, collection) VALUES", rows,
            suffix: "ON CONFLICT (app, doc_id, user_id) DO NOTHING")
    }

    private func appendFeedEntries(
        users: [String], op: SyncChange.Operation, document: StoredDocument, now: Timestamp
    ) async throws {
        guard !users.isEmpty else { return }
        let rows = users.map { user -> [SQLValue] in
            [
                .text(document.app), .text(user), .text(document.id), .text(document.collection),
                .text(op.rawValue), .integer(document.seq), SQLValue(now),
            ]
        }
        try await insertRows(
            "INSERT INTO hearth_feed (app, user_id, doc_id, collection, op, seq, recorded_at) VALUES", rows,
            suffix: """
                ON CONFLICT (app, user_id, doc_id) DO UPDATE SET collection = excluded.collection,
                    op = excluded.op, seq = excluded.seq, recorded_at = excluded.recorded_at
                """)
    }

    /// One multi-row INSERT per 100 rows keeps fan-out to many users cheap.
    private func insertRows(_ prefix: String, _ rows: [[SQLValue]], suffix: String) async throws {
        for chunk in stride(from: 0, to: rows.count, by: 100).map({ Array(rows[$0..<min($0 + 100, rows.count)]) }) {
            let placeholders = chunk.map { row in "(" + Array(repeating: "?", count: row.count).joined(separator: ", ") + ")" }
            try await executor.execute(
                "\(prefix) \(placeholders.joined(separator: ", ")) \(suffix)", chunk.flatMap { $0 })
        }
    }
}
