/// Schema of the shared document table and change feed (module `hearth_documents`).
public enum DocumentMigrations {
    public static let all: [Migration] = [
        Migration(
            module: "hearth_documents", version: 1, name: "documents, access, feed, sequence, mutations",
            sql: [
                """
                CREATE TABLE hearth_documents (
                    app TEXT NOT NULL, id TEXT NOT NULL, collection TEXT NOT NULL, body TEXT NOT NULL,
                    version BIGINT NOT NULL, seq BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                    client_updated_at BIGINT NOT NULL, updated_by TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0, access TEXT NOT NULL,
                    PRIMARY KEY (app, id))
                """,
                "CREATE INDEX hearth_documents_by_collection ON hearth_documents (app, collection)",
                "CREATE INDEX hearth_documents_tombstones ON hearth_documents (app, deleted, updated_at)",
                """
                CREATE TABLE hearth_document_access (
                    app TEXT NOT NULL, doc_id TEXT NOT NULL, user_id TEXT NOT NULL, collection TEXT NOT NULL,
                    PRIMARY KEY (app, doc_id, user_id))
                """,
                "CREATE INDEX hearth_document_access_by_user ON hearth_document_access (app, user_id, collection)",
                """
                CREATE TABLE hearth_feed (
                    app TEXT NOT NULL, user_id TEXT NOT NULL, doc_id TEXT NOT NULL, collection TEXT NOT NULL,
                    op TEXT NOT NULL, seq BIGINT NOT NULL, recorded_at BIGINT NOT NULL,
                    PRIMARY KEY (app, user_id, doc_id))
                """,
                "CREATE INDEX hearth_feed_by_cursor ON hearth_feed (app, user_id, seq)",
                "CREATE INDEX hearth_feed_removals ON hearth_feed (app, op, recorded_at)",
                "CREATE TABLE hearth_sequence (name TEXT PRIMARY KEY, value BIGINT NOT NULL)",
                "INSERT INTO hearth_sequence (name, value) VALUES ('feed', 0)",
                "CREATE TABLE hearth_feed_horizon (app TEXT PRIMARY KEY, purged_through BIGINT NOT NULL)",
                """
                CREATE TABLE hearth_applied_mutations (
                    app TEXT NOT NULL, user_id TEXT NOT NULL, mutation_id TEXT NOT NULL, result TEXT NOT NULL,
                    applied_at BIGINT NOT NULL, PRIMARY KEY (app, user_id, mutation_id))
                """,
                "CREATE INDEX hearth_applied_mutations_by_age ON hearth_applied_mutations (applied_at)",
            ]),
        Migration(
            module: "hearth_documents", version: 2, name: "concurrent feed writers (PostgreSQL)",
            sqlite: [],
            postgres: FeedConcurrencySQL.migration),
    ]
}
