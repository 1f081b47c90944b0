import HearthCore

/// One page of a user's change feed.
public struct FeedPage: Sendable, Hashable {
    public var changes: [SyncChange]
    /// The seq to pass as `since` next time.
    public var cursor: Int64
    public var hasMore: Bool
}

extension DocumentStore {
    /// The user's feed entries after `since`, oldest first, one per document (its latest
    /// state). Throws ``StoreError/cursorExpired`` when entries after `since` may have been
    /// purged, or when `since` is ahead of the server (a reset database).
    public func changes(for userID: String, since: Int64, limit: Int) async throws -> FeedPage {
        try await database.read { executor in
            // An up-to-date client (the common case) costs this one query.
            guard let visibleThrough = try await checkCursor(since, userID: userID, executor: executor) else {
                return FeedPage(changes: [], cursor: since, hasMore: false)
            }
            let (through, count) = try await pageExtent(
                userID: userID, since: since, visibleThrough: visibleThrough, limit: limit, executor: executor)
            let rows = try await executor.query(
                """
                SELECT f.seq AS feed_seq, f.collection AS feed_collection, f.doc_id, f.op, \(StoredDocument.columns(of: "d"))
                FROM hearth_feed f LEFT JOIN hearth_documents d ON d.app = f.app AND d.id = f.doc_id
                WHERE f.app = ? AND f.user_id = ? AND f.seq > ? AND f.seq <= ?
                ORDER BY f.seq LIMIT ?
                """, [.text(app), .text(userID), .integer(since), .integer(through.seq), .integer(Int64(count))])
            // A purge that committed after the check above may have removed entries this
            // page should have held; the client must then resync rather than skip them.
            try await checkPurgeHorizon(since, executor: executor)
            let changes = try rows.map { row -> SyncChange in
                let op = SyncChange.Operation(rawValue: try row.string("op")) ?? .remove
                let document = op == .upsert ? try StoredDocument(row: row).syncDocument : nil
                return SyncChange(
                    seq: try row.int("feed_seq"), collection: try row.string("feed_collection"),
                    id: try row.string("doc_id"), op: document == nil ? .remove : op, doc: document)
            }
            return FeedPage(changes: changes, cursor: changes.last?.seq ?? since, hasMore: through.hasMore)
        }
    }

    /// The most document bytes one page carries (it always carries at least one change).
    public static let maxPageDocumentBytes = 16 * 1024 * 1024

    /// How far the next page reaches: at most `limit` entries and, after the first, no more
    /// than ``maxPageDocumentBytes`` of documents. Sizes are read without the documents, so
    /// a page of large documents (ListAll's images) is cut before any of them is loaded.
    private func pageExtent(
        userID: String, since: Int64, visibleThrough: Int64, limit: Int, executor: any SQLExecutor
    ) async throws -> (through: (seq: Int64, hasMore: Bool), count: Int) {
        let size = executor.dialect == .postgres ? "OCTET_LENGTH(d.body)" : "LENGTH(CAST(d.body AS BLOB))"
        let rows = try await executor.query(
            """
            SELECT f.seq AS feed_seq, COALESCE(\(size), 0) AS bytes
            FROM hearth_feed f LEFT JOIN hearth_documents d ON d.app = f.app AND d.id = f.doc_id
            WHERE f.app = ? AND f.user_id = ? AND f.seq > ? AND f.seq <= ?
            ORDER BY f.seq LIMIT ?
            """, [.text(app), .text(userID), .integer(since), .integer(visibleThrough), .integer(Int64(limit) + 1)])
        var (count, bytes, last) = (0, 0, since)
        for row in rows.prefix(limit) {
            bytes += Int(try row.int("bytes"))
            if count > 0 && bytes > Self.maxPageDocumentBytes { break }
            count += 1
            last = try row.int("feed_seq")
        }
        return ((last, rows.count > count), max(count, 1))
    }

    /// Throws ``StoreError/cursorExpired`` for a cursor below the purge horizon or above the
    /// last number handed out. Answers `nil` when the user's feed holds nothing after
    /// `since` (nothing to serve, whatever is still in flight), else the highest seq a
    /// reader may serve now (on PostgreSQL, just below the oldest transaction still
    /// writing, looked up only when there is something to serve). One query.
    private func checkCursor(_ since: Int64, userID: String, executor: any SQLExecutor) async throws -> Int64? {
        let visible = executor.dialect == .postgres ? "hearth_feed_visible_through()" : "(\(FeedSequence.currentSQL(.sqlite)))"
        guard let row = try await executor.queryFirst(
            """
            SELECT (SELECT purged_through FROM hearth_feed_horizon WHERE app = ?) AS purged,
                (\(FeedSequence.currentSQL(executor.dialect))) AS top,
                CASE WHEN EXISTS (SELECT 1 FROM hearth_feed WHERE app = ? AND user_id = ? AND seq > ?)
                    THEN \(visible) END AS visible
            """, [.text(app), .text(app), .text(userID), .integer(since)])
        else { throw StoreError.unexpectedValue(column: "visible", expected: "a row") }
        if since > 0, since < (try row.optionalInt("purged") ?? 0) { throw StoreError.cursorExpired }
        if since > (try row.optionalInt("top") ?? 0) { throw StoreError.cursorExpired }
        return try row.optionalInt("visible")
    }

    private func checkPurgeHorizon(_ since: Int64, executor: any SQLExecutor) async throws {
        guard since > 0 else { return }
        let horizon = try await executor.queryFirst(
            "SELECT purged_through FROM hearth_feed_horizon WHERE app = ?", [.text(app)])?.int("purged_through") ?? 0
        if since < horizon { throw StoreError.cursorExpired }
    }

    /// The newest seq in the user's feed (0 when empty).
    public func latestSeq(for userID: String) async throws -> Int64 {
        try await database.read { executor in
            try await executor.queryFirst(
                "SELECT MAX(seq) AS latest FROM hearth_feed WHERE app = ? AND user_id = ?",
                [.text(app), .text(userID)])?.optionalInt("latest") ?? 0
        }
    }
}
