import HearthCore

/// The rows one stored document version writes: the document itself, its access rows,
/// and a feed entry for every reader (`upsert`) and every user who lost access
/// (`remove`). Each statement touches rows no other one does, so they can travel
/// together (``SQLExecutor/executeTogether(_:)``).
enum DocumentRows {
    static func statements(
        storing document: StoredDocument, previousAccess: [String], lostAccess: [String], now: Timestamp
    ) -> [SQLStatement] {
        var statements = [
            SQLStatement(
                """
                INSERT INTO hearth_documents (\(StoredDocument.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (app, id) DO UPDATE SET collection = excluded.collection, body = excluded.body,
                    version = excluded.version, seq = excluded.seq, updated_at = excluded.updated_at,
                    client_updated_at = excluded.client_updated_at, updated_by = excluded.updated_by,
                    deleted = excluded.deleted, access = excluded.access
                """,
                [
                    .text(document.app), .text(document.id), .text(document.collection), SQLValue(json: document.data),
                    .integer(document.version), .integer(document.seq), SQLValue(now), SQLValue(document.clientUpdatedAt),
                    .text(document.updatedBy), SQLValue(document.deleted),
                    SQLValue(json: .array(document.access.map { .string($0) })),
                ])
        ]
        let removed = Set(previousAccess).subtracting(document.access).sorted()
        if !removed.isEmpty {
            statements.append(
                SQLStatement(
                    """
                    DELETE FROM hearth_document_access
                    WHERE app = ? AND doc_id = ? AND user_id IN (\(SQLPlaceholders.list(padding: removed.count)))
                    """, [.text(document.app), .text(document.id)] + SQLPlaceholders.padded(removed.map(SQLValue.text))))
        }
        let added = Set(document.access).subtracting(previousAccess).sorted()
        statements += SQLStatement.inserting(
            added.map { [.text(document.app), .text(document.id), .text($0), .text(document.collection)] },
            "INSERT INTO hearth_document_access (app, doc_id, user_id, collection) VALUES",
            suffix: "ON CONFLICT (app, doc_id, user_id) DO NOTHING")
        let entries =
            document.access.map { ($0, SyncChange.Operation.upsert) } + lostAccess.map { ($0, SyncChange.Operation.remove) }
        statements += SQLStatement.inserting(
            entries.map { user, op in
                [
                    .text(document.app), .text(user), .text(document.id), .text(document.collection), .text(op.rawValue),
                    .integer(document.seq), SQLValue(now),
                ]
            },
            "INSERT INTO hearth_feed (app, user_id, doc_id, collection, op, seq, recorded_at) VALUES",
            suffix: """
                ON CONFLICT (app, user_id, doc_id) DO UPDATE SET collection = excluded.collection,
                    op = excluded.op, seq = excluded.seq, recorded_at = excluded.recorded_at
                """)
        return statements
    }
}
