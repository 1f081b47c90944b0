import HearthCore
import HearthStore

/// What a database holds, per app: accounts (and how many are disabled), synced documents
/// per collection (live and deleted, with their JSON bytes) and the rows of the app's own
/// tables; on SQLite also the size of the database.
public struct StorageStatistics: Sendable, Hashable {
    public struct Collection: Sendable, Hashable {
        public let name: String
        public var live = 0
        public var liveBytes: Int64 = 0
        public var deleted = 0
        public var deletedBytes: Int64 = 0
    }

    public struct Table: Sendable, Hashable {
        public let name: String
        public let rows: Int
    }

    public struct App: Sendable, Hashable {
        public let name: String
        public let displayName: String
        /// `nil` for an app without accounts.
        public let accounts: Int?
        public let disabledAccounts: Int?
        public let collections: [Collection]
        public let tables: [Table]
    }

    public let engine: SQLDialect
    /// The SQLite database's size (pages in use times page size); `nil` on PostgreSQL.
    public let databaseBytes: Int64?
    public let apps: [App]

    /// Statistics of `apps` served by `platform`'s database.
    public static func collect(platform: HearthPlatform, apps: [any HearthApp]) async throws -> StorageStatistics {
        let database = platform.database
        var collected: [App] = []
        for app in apps {
            var accounts: Int?
            var disabled: Int?
            if let administrator = await platform.administrator(for: app) {
                accounts = try await administrator.list(matching: nil, limit: 0).total
                disabled = try await administrator.states.disabledUserIDs(app: app.name).count
            }
            collected.append(
                App(
                    name: app.name, displayName: app.displayName, accounts: accounts, disabledAccounts: disabled,
                    collections: try await collections(of: app.name, in: database),
                    tables: try await tables(prefixes: Set(app.migrations.map { $0.module + "_" }), in: database)))
        }
        return StorageStatistics(engine: database.dialect, databaseBytes: try await size(of: database), apps: collected)
    }

    static func collections(of app: String, in database: any HearthDatabase) async throws -> [Collection] {
        try await database.read { executor in
            let bytes = executor.dialect == .postgres ? "OCTET_LENGTH(body)" : "LENGTH(CAST(body AS BLOB))"
            let rows = try await executor.query(
                """
                SELECT collection, deleted, COUNT(*) AS documents, SUM(\(bytes)) AS bytes FROM hearth_documents
                WHERE app = ? GROUP BY collection, deleted ORDER BY collection
                """, [.text(app)])
            var byName: [String: Collection] = [:]
            for row in rows {
                let name = try row.string("collection")
                var collection = byName[name] ?? Collection(name: name)
                let count = Int(try row.int("documents"))
                let size = try row.optionalInt("bytes") ?? 0
                if try row.bool("deleted") {
                    collection.deleted += count
                    collection.deletedBytes += size
                } else {
                    collection.live += count
                    collection.liveBytes += size
                }
                byName[name] = collection
            }
            return byName.values.sorted { $0.name < $1.name }
        }
    }

    /// Every table whose name starts with one of `prefixes` (an app's table prefixes are
    /// its migration modules' names), with its row count.
    static func tables(prefixes: Set<String>, in database: any HearthDatabase) async throws -> [Table] {
        try await database.read { executor in
            let catalog =
                executor.dialect == .postgres
                ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
                : "SELECT name FROM sqlite_master WHERE type = 'table'"
            let names = try await executor.query(catalog, []).map { try $0.string("name") }
                .filter { name in
                    prefixes.contains { name.hasPrefix($0) }
                        && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
                }
                .sorted()
            var tables: [Table] = []
            for name in names {
                let rows = try await executor.queryFirst("SELECT COUNT(*) AS n FROM \"\(name)\"", [])?.int("n") ?? 0
                tables.append(Table(name: name, rows: Int(rows)))
            }
            return tables
        }
    }

    static func size(of database: any HearthDatabase) async throws -> Int64? {
        guard database.dialect == .sqlite else { return nil }
        return try await database.read { executor in
            try await executor.queryFirst(
                "SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()", [])?.int("bytes")
        }
    }
}
