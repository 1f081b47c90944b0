import GRDB

/// How a client store keeps its SQLite file: opening it, and its table of named values.
public enum LocalDatabase {
    /// Opens (creating if needed) the database at `path`, waiting up to 5 seconds for a
    /// lock another connection holds, and brings its schema up to date with `migrator`.
    public static func openPool(path: String, migrator: DatabaseMigrator) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }

    /// The value under `key` in `table`, a `(key PRIMARY KEY, value)` table of named values.
    public static func value(_ db: Database, in table: String, key: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM \(table) WHERE key = ?", arguments: [key])
    }

    /// Sets, or with `nil` removes, the value under `key` in `table` (see ``value(_:in:key:)``).
    public static func setValue(_ db: Database, in table: String, key: String, _ value: String?) throws {
        if let value {
            try db.execute(
                sql: "INSERT INTO \(table) (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM \(table) WHERE key = ?", arguments: [key])
        }
    }
}
