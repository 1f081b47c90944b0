import Foundation
import GRDB
import HummingbirdBcrypt

/// A database file of the original PantryPal server, built through GRDB with the original's
/// schema (spec §4), for import tests. Foreign keys are not enforced while it is filled, so
/// a test can put in the dangling rows real databases collect.
struct OriginalPantryPalFixture: Sendable {
    let directory: String
    var path: String { directory + "/pantrypal.db" }

    /// The original's tables, as its server created them.
    static let schema = [
        """
        CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT UNIQUE NOT NULL, password_hash TEXT, first_name TEXT, last_name TEXT,
            household_id TEXT, apple_id TEXT UNIQUE, created_at DATETIME DEFAULT CURRENT_TIMESTAMP, updated_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        """
        CREATE TABLE households (id TEXT PRIMARY KEY, name TEXT NOT NULL, owner_id TEXT REFERENCES users(id), invite_code TEXT UNIQUE,
            is_premium INTEGER DEFAULT 0, premium_expires_at DATETIME, created_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        """
        CREATE TABLE products (id TEXT PRIMARY KEY, upc TEXT UNIQUE, name TEXT NOT NULL, brand TEXT, description TEXT, image_url TEXT,
            category TEXT, is_custom INTEGER DEFAULT 0, household_id TEXT REFERENCES households(id),
            created_at DATETIME DEFAULT CURRENT_TIMESTAMP, updated_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        """
        CREATE TABLE locations (id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES households(id), name TEXT NOT NULL,
            type TEXT DEFAULT 'pantry', parent_id TEXT REFERENCES locations(id), level INTEGER DEFAULT 0, sort_order INTEGER DEFAULT 0,
            created_at DATETIME DEFAULT CURRENT_TIMESTAMP, updated_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        """
        CREATE TABLE inventory (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES products(id),
            household_id TEXT NOT NULL REFERENCES households(id), location_id TEXT REFERENCES locations(id), quantity INTEGER DEFAULT 1,
            unit TEXT DEFAULT 'pcs', expiration_date DATE, notes TEXT, created_at DATETIME DEFAULT CURRENT_TIMESTAMP,
            updated_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        """
        CREATE TABLE checkout_history (id TEXT PRIMARY KEY, inventory_id TEXT, product_id TEXT NOT NULL REFERENCES products(id),
            household_id TEXT NOT NULL REFERENCES households(id), user_id TEXT NOT NULL REFERENCES users(id), quantity INTEGER DEFAULT 1,
            checked_out_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        """
        CREATE TABLE sync_log (id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES households(id), entity_type TEXT NOT NULL,
            entity_id TEXT NOT NULL, action TEXT NOT NULL, payload TEXT, client_timestamp DATETIME NOT NULL,
            server_timestamp DATETIME DEFAULT CURRENT_TIMESTAMP, synced INTEGER DEFAULT 0)
        """,
        """
        CREATE TABLE invite_codes (id TEXT PRIMARY KEY, household_id TEXT NOT NULL REFERENCES households(id), code TEXT UNIQUE NOT NULL,
            created_by TEXT NOT NULL REFERENCES users(id), expires_at DATETIME NOT NULL, used_by TEXT REFERENCES users(id),
            used_at DATETIME, created_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        """
        CREATE TABLE grocery_items (id INTEGER PRIMARY KEY AUTOINCREMENT, household_id TEXT NOT NULL REFERENCES households(id),
            name TEXT NOT NULL, brand TEXT, upc TEXT, normalized_name TEXT NOT NULL, created_at DATETIME DEFAULT CURRENT_TIMESTAMP,
            UNIQUE(household_id, normalized_name))
        """,
        """
        CREATE TABLE device_tokens (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE, token TEXT NOT NULL, platform TEXT DEFAULT 'ios',
            created_at DATETIME DEFAULT CURRENT_TIMESTAMP, updated_at DATETIME DEFAULT CURRENT_TIMESTAMP, UNIQUE(user_id, token))
        """,
        """
        CREATE TABLE notification_preferences (id TEXT PRIMARY KEY, user_id TEXT UNIQUE NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            expiration_enabled INTEGER DEFAULT 1, expiration_days_before INTEGER DEFAULT 3, low_stock_enabled INTEGER DEFAULT 1,
            low_stock_threshold INTEGER DEFAULT 2, checkout_enabled INTEGER DEFAULT 1, created_at DATETIME DEFAULT CURRENT_TIMESTAMP,
            updated_at DATETIME DEFAULT CURRENT_TIMESTAMP)
        """,
        "CREATE INDEX idx_inventory_household ON inventory(household_id)",
        "CREATE INDEX idx_sync_log_household ON sync_log(household_id)",
    ]

    /// A new file in a temporary directory: the schema (or `schema`), then `fill`.
    static func make(schema: [String] = schema, _ fill: (Database) throws -> Void = { _ in }) throws -> OriginalPantryPalFixture {
        let directory = NSTemporaryDirectory() + "pantrypal-original-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fixture = OriginalPantryPalFixture(directory: directory)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: fixture.path, configuration: configuration)
        try queue.write { db in
            for statement in schema { try db.execute(sql: statement) }
            try fill(db)
        }
        try queue.close()
        return fixture
    }

    /// Adds rows to the file.
    func add(_ fill: (Database) throws -> Void) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write(fill)
        try queue.close()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A bcrypt hash as the original server made it (bcryptjs; low cost to keep tests quick).
    static func bcrypt(_ password: String) -> String { Bcrypt.hash(password, cost: 4) }
}

extension Database {
    /// `INSERT INTO table (columns…) VALUES (…)`; absent columns take the original's defaults.
    func insert(_ table: String, _ values: KeyValuePairs<String, (any DatabaseValueConvertible)?>) throws {
        let columns = values.map(\.key).joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
        try execute(sql: "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))", arguments: StatementArguments(values.map(\.value)))
    }
}
