import GRDB

/// The local database's schema, one migration per change, never edited once shipped.
enum LocalStoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: documents, pending mutations, sync state") { db in
            try db.execute(
                sql: """
                    CREATE TABLE local_documents (
                        collection TEXT NOT NULL,
                        id TEXT NOT NULL,
                        data TEXT NOT NULL,
                        deleted INTEGER NOT NULL DEFAULT 0,
                        server_data TEXT,
                        server_version INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (collection, id)
                    ) WITHOUT ROWID;
                    CREATE TABLE pending_mutations (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        mutation_id TEXT NOT NULL UNIQUE,
                        collection TEXT NOT NULL,
                        document_id TEXT NOT NULL,
                        op TEXT NOT NULL,
                        data TEXT,
                        base_version INTEGER NOT NULL,
                        client_updated_at INTEGER NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX pending_mutations_document ON pending_mutations (collection, document_id);
                    CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                    CREATE TABLE sync_rejections (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        collection TEXT NOT NULL,
                        document_id TEXT NOT NULL,
                        code TEXT NOT NULL,
                        message TEXT NOT NULL,
                        at INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v2: documents seen by a resync in progress") { db in
            try db.execute(
                sql: "CREATE TABLE resync_seen (collection TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID")
        }
        return migrator
    }
}
