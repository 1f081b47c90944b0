import HearthCore
import Logging

/// Applies migrations in module-then-version order, each in its own transaction, and
/// records them in `hearth_schema_migrations`. Running it again applies nothing; several
/// processes starting at once on PostgreSQL take turns through an advisory lock.
public struct MigrationRunner: Sendable {
    public let database: any HearthDatabase
    public let clock: any WallClock
    public let logger: Logger

    public init(database: any HearthDatabase, clock: any WallClock = SystemWallClock(), logger: Logger) {
        self.database = database
        self.clock = clock
        self.logger = logger
    }

    /// - Returns: the migrations applied by this call (empty when the schema was current).
    @discardableResult
    public func run(_ migrations: [Migration]) async throws -> [Migration] {
        try await database.transaction { executor in
            if executor.dialect == .postgres { try await executor.execute(Self.postgresLock) }
            try await executor.execute(
                """
                CREATE TABLE IF NOT EXISTS hearth_schema_migrations (
                    module TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL,
                    applied_at BIGINT NOT NULL, PRIMARY KEY (module, version))
                """)
        }
        try await refuseDowngrade(to: migrations)
        var applied: [Migration] = []
        for migration in migrations.sorted(by: { ($0.module, $0.version) < ($1.module, $1.version) }) {
            if try await apply(migration) {
                applied.append(migration)
                logger.info("applied migration", metadata: ["module": "\(migration.module)", "version": "\(migration.version)", "name": "\(migration.name)"])
            }
        }
        return applied
    }

    /// A database that a newer `hearth` migrated further than these migrations go (in any
    /// module they cover) is left alone: this binary does not know its schema, and running
    /// against it could corrupt data. Only modules this list covers are checked, so the
    /// platform's migrations can run on their own first.
    private func refuseDowngrade(to migrations: [Migration]) async throws {
        let known = Dictionary(migrations.map { ($0.module, $0.version) }, uniquingKeysWith: max)
        let stored = try await database.read { executor in
            try await executor.query("SELECT module, MAX(version) AS version FROM hearth_schema_migrations GROUP BY module", [])
                .map { (try $0.string("module"), Int(try $0.int("version"))) }
        }
        for (module, version) in stored.sorted(by: { $0.0 < $1.0 }) {
            guard let newest = known[module], version > newest else { continue }
            throw StoreError.migrationFailed(
                module: module, version: version,
                reason: "the database was migrated by a newer hearth (this one knows up to v\(newest)); run that version, or restore a backup taken before the upgrade")
        }
    }

    /// Serialises schema changes between processes sharing one PostgreSQL database.
    private static let postgresLock = "SELECT pg_advisory_xact_lock(7311001)"

    private func apply(_ migration: Migration) async throws -> Bool {
        let now = clock.now
        do {
            return try await database.transaction { executor in
                if executor.dialect == .postgres {
                    try await executor.execute(Self.postgresLock)
                }
                let existing = try await executor.queryFirst(
                    "SELECT version FROM hearth_schema_migrations WHERE module = ? AND version = ?",
                    [.text(migration.module), .integer(Int64(migration.version))])
                guard existing == nil else { return false }
                for statement in migration.statements(for: executor.dialect) {
                    try await executor.execute(statement)
                }
                try await executor.execute(
                    "INSERT INTO hearth_schema_migrations (module, version, name, applied_at) VALUES (?, ?, ?, ?)",
                    [.text(migration.module), .integer(Int64(migration.version)), .text(migration.name), SQLValue(now)])
                return true
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.migrationFailed(module: migration.module, version: migration.version, reason: "\(error)")
        }
    }
}
