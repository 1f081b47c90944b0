import HearthCore

/// Told after a committed write which users' feeds grew, and to which seq. The realtime
/// hub of the server implements it.
public protocol FeedObserver: Sendable {
    func feedsDidGrow(app: String, to seqByUser: [String: Int64])
}

/// One app's documents in the shared table and its users' change feeds.
///
/// Reads go through any executor; writes go through ``write(_:)``, which locks the feed
/// sequence first so every read inside the write sees the latest committed state and
/// feed entries commit in `seq` order.
public struct DocumentStore: Sendable {
    public let app: String
    public let database: any HearthDatabase
    public let clock: any WallClock
    public let observer: (any FeedObserver)?

    public init(app: String, database: any HearthDatabase, clock: any WallClock, observer: (any FeedObserver)? = nil) {
        self.app = app
        self.database = database
        self.clock = clock
        self.observer = observer
    }

    /// Runs `body` in one transaction, then tells the observer whose feeds grew.
    ///
    /// On PostgreSQL a `.documents` write may have to run `body` again when the engine
    /// breaks a deadlock between two of them; `body` must not have effects outside the
    /// transaction.
    @discardableResult
    public func write<T: Sendable>(
        isolation: DocumentWriteIsolation = .exclusive, _ body: @Sendable (DocumentWriter) async throws -> T
    ) async throws -> T {
        let app = app
        let (result, seqByUser) = try await database.transaction { executor in
            let sequence = try await FeedSequence.begin(executor, isolation: isolation)
            let state = WriteTransactionState(
                sequence: sequence, locksDocuments: isolation == .documents && executor.dialect == .postgres)
            let value = try await body(DocumentWriter(store: self, executor: executor, state: state))
            try await sequence.finish(executor)
            let seqByUser = state.seqByUser
            if executor.dialect == .postgres {
                // Delivered at commit to every process listening (see FeedBroadcast).
                for payload in FeedBroadcast.payloads(app: app, seqByUser: seqByUser) {
                    try await executor.execute("SELECT pg_notify(?, ?)", [.text(FeedBroadcast.channel), .text(payload)])
                }
            }
            return (value, seqByUser)
        }
        if !seqByUser.isEmpty { observer?.feedsDidGrow(app: app, to: seqByUser) }
        return result
    }

    public func fetch(_ id: String, in executor: any SQLExecutor) async throws -> StoredDocument? {
        try await executor.queryFirst(
            "SELECT \(StoredDocument.columns) FROM hearth_documents WHERE app = ? AND id = ?",
            [.text(app), .text(id)]
        ).map(StoredDocument.init(row:))
    }

    /// The stored versions of `ids` that exist, by id.
    public func fetch(ids: [String], in executor: any SQLExecutor) async throws -> [String: StoredDocument] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await executor.query(
            """
            SELECT \(StoredDocument.columns) FROM hearth_documents
            WHERE app = ? AND id IN (\(SQLPlaceholders.list(padding: ids.count)))
            """, [.text(app)] + SQLPlaceholders.padded(ids.map(SQLValue.text)))
        return Dictionary(try rows.map { row in let document = try StoredDocument(row: row); return (document.id, document) },
            uniquingKeysWith: { first, _ in first })
    }

    public func fetch(_ id: String) async throws -> StoredDocument? {
        try await database.read { executor in try await fetch(id, in: executor) }
    }

    /// Documents of `collection` that `userID` may read, tombstones included, ordered by id.
    public func documents(
        in collection: String, readableBy userID: String, includingDeleted: Bool = true, executor: any SQLExecutor
    ) async throws -> [StoredDocument] {
        let rows = try await executor.query(
            """
            SELECT \(StoredDocument.columns(of: "d")) FROM hearth_document_access a
            JOIN hearth_documents d ON d.app = a.app AND d.id = a.doc_id
            WHERE a.app = ? AND a.user_id = ? AND a.collection = ? \(includingDeleted ? "" : "AND d.deleted = 0")
            ORDER BY d.id
            """, [.text(app), .text(userID), .text(collection)])
        return try rows.map(StoredDocument.init(row:))
    }

    /// Live documents of `collection` whose stored JSON text contains any of `fragments`
    /// (matched with `LIKE`, so `_` and `%` in a fragment are wildcards): a cheap narrowing
    /// for maintenance sweeps, which must still check each document's fields themselves.
    public func liveDocuments(
        in collection: String, containingAnyOf fragments: [String], limit: Int, executor: any SQLExecutor
    ) async throws -> [StoredDocument] {
        guard !fragments.isEmpty else { return [] }
        let matches = Array(repeating: "body LIKE ?", count: fragments.count).joined(separator: " OR ")
        return try await executor.query(
            """
            SELECT \(StoredDocument.columns) FROM hearth_documents
            WHERE app = ? AND collection = ? AND deleted = 0 AND (\(matches)) ORDER BY updated_at LIMIT \(max(0, limit))
            """,
            [.text(app), .text(collection)] + fragments.map { .text("%\($0)%") }
        ).map(StoredDocument.init(row:))
    }

    /// Every document of `collection` (for app jobs and maintenance, not for user reads).
    public func documents(in collection: String, executor: any SQLExecutor) async throws -> [StoredDocument] {
        try await executor.query(
            "SELECT \(StoredDocument.columns) FROM hearth_documents WHERE app = ? AND collection = ? ORDER BY id",
            [.text(app), .text(collection)]
        ).map(StoredDocument.init(row:))
    }
}
