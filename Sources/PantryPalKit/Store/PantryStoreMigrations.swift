import GRDB

/// The local database's schema, one migration per change, never edited once shipped.
enum PantryStoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: household data, pending actions, rejections, state") { db in
            try db.execute(
                sql: """
                    CREATE TABLE products (
                        id TEXT PRIMARY KEY, upc TEXT, name TEXT NOT NULL, brand TEXT, description TEXT, image_url TEXT,
                        category TEXT, is_custom INTEGER NOT NULL DEFAULT 0, household_id TEXT
                    );
                    CREATE INDEX products_upc ON products (upc);
                    CREATE TABLE inventory (
                        id TEXT PRIMARY KEY, product_id TEXT NOT NULL, location_id TEXT, quantity INTEGER NOT NULL,
                        unit TEXT NOT NULL DEFAULT 'pcs', expiration_date TEXT, notes TEXT,
                        on_server INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX inventory_product ON inventory (product_id);
                    CREATE TABLE locations (
                        id TEXT PRIMARY KEY, name TEXT NOT NULL, parent_id TEXT, level INTEGER NOT NULL DEFAULT 0,
                        sort_order INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE grocery (
                        normalized_name TEXT PRIMARY KEY, name TEXT NOT NULL, brand TEXT, upc TEXT, server_id INTEGER UNIQUE,
                        added_at INTEGER NOT NULL
                    );
                    CREATE TABLE pending_actions (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        idempotency_key TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL,
                        entity_type TEXT NOT NULL,
                        entity_id TEXT NOT NULL,
                        method TEXT NOT NULL,
                        path TEXT NOT NULL,
                        body TEXT,
                        created_at INTEGER NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        last_error TEXT
                    );
                    CREATE INDEX pending_actions_entity ON pending_actions (entity_type, entity_id);
                    CREATE TABLE rejections (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, entity_type TEXT NOT NULL,
                        entity_id TEXT NOT NULL, status INTEGER NOT NULL, code TEXT, message TEXT NOT NULL, at INTEGER NOT NULL
                    );
                    CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2: when an action was first sent") { db in
            try db.execute(sql: "ALTER TABLE pending_actions ADD COLUMN first_attempt_at INTEGER")
        }
        return migrator
    }
}
