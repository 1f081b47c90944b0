import HearthCore

/// The handle a ``DocumentStore/write(_:)`` body uses: reads see the latest committed
/// state, and ``save(_:)`` stores a version and fans it out to the feeds.
public struct DocumentWriter: Sendable {
    public let store: DocumentStore
    /// The transaction's connection, for an app's own tables in the same transaction.
    public let executor: any SQLExecutor
    let state: WriteTransactionState

    /// The stored version of `id` as this transaction sees it. Each document is read from
    /// the database at most once per transaction (see ``prefetch(_:)``).
    public func fetch(_ id: String) async throws -> StoredDocument? {
        if let known = state.cached(id) { return known }
        if state.locksDocuments { try await lock([id]) }
        let document = try await store.fetch(id, in: executor)
        state.remember(document, as: id)
        return document
    }

    /// Reads every one of `ids` not read yet in one query, so a batch that touches many
    /// documents pays one round trip instead of one per document.
    public func prefetch(_ ids: some Sequence<String>) async throws {
        let missing = Array(Set(ids.filter { state.cached($0) == nil })).sorted()
        for slice in missing.chunked(by: 500) {
            let chunk = Array(slice)
            if state.locksDocuments { try await lock(chunk) }
            let found = try await store.fetch(ids: chunk, in: executor)
            for id in chunk { state.remember(found[id], as: id) }
        }
    }

    /// Locks documents until the transaction ends, before their first read (a statement
    /// that waited for a lock must not be the one that reads: its snapshot would predate
    /// the other writer's commit).
    private func lock(_ ids: [String]) async throws {
        let keys = SQLPlaceholders.padded(ids.map(SQLValue.text))
        try await executor.execute(FeedConcurrencySQL.lockDocuments(count: keys.count), [.text(store.app)] + keys)
    }

    /// Runs one step of a batch in a savepoint: if `body` throws, its writes are rolled
    /// back (in the database and in this writer's memory) and the error rethrown, while
    /// the rest of the transaction stands.
    public func withSavepoint<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let snapshot = state.snapshot()
        do {
            return try await executor.withSavepoint(body)
        } catch {
            state.restore(snapshot)
            throw error
        }
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
    /// writer (so it is current: nobody else can write it until this transaction ends),
    /// sparing a second read.
    @discardableResult
    public func save(_ write: DocumentWrite, replacing previous: StoredDocument?) async throws -> StoredDocument {
        let seq = try await state.sequence.next(executor)
        let now = store.clock.now
        let access = write.access.sorted()
        let document = StoredDocument(
            app: store.app, id: write.id, collection: write.collection, data: write.data,
            version: (previous?.version ?? 0) + 1, seq: seq, updatedAt: now,
            clientUpdatedAt: write.clientUpdatedAt, updatedBy: write.author, deleted: write.deleted, access: access)
        let lostAccess = Set(previous?.access ?? []).subtracting(write.access).sorted()
        try await executor.executeTogether(
            DocumentRows.statements(storing: document, previousAccess: previous?.access ?? [], lostAccess: lostAccess, now: now))
        state.recordFeedGrowth(users: access + lostAccess, seq: seq)
        state.remember(document, as: document.id)
        return document
    }
}
