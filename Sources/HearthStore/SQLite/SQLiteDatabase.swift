import Foundation
import GRDB

/// The embedded engine: one SQLite file through GRDB.
///
/// WAL journal (readers never block the writer), foreign keys on, a 5 s busy timeout,
/// `synchronous = FULL` (every commit reaches the disk before anyone is told it
/// happened), and exactly one writer: write transactions queue in arrival order on
/// GRDB's single writer connection, and transactions that queue together share one
/// commit (see ``SQLiteGroupCommit``).
public final class SQLiteDatabase: HearthDatabase {
    public let dialect = SQLDialect.sqlite
    public let path: String
    private let pool: DatabasePool
    private let groupCommit: SQLiteGroupCommit

    /// Opens (creating if needed) the database file at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        // Hearth drives BEGIN/COMMIT itself across several async database accesses.
        configuration.allowsUnsafeTransactions = true
        configuration.maximumReaderCount = 4
        configuration.prepareDatabase { db in
            // FULL, not WAL's usual NORMAL: NORMAL may lose the last commits on a power
            // cut, and Hearth answers "applied" only for writes that survive one. Group
            // commit is what keeps the fsync per commit affordable.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Pages are read through a memory map instead of copied in by read calls, and
            // each connection keeps up to 64 MiB of them (SQLite's default is 2 MiB), so the
            // indexes a write walks stay in memory.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        self.path = path
        let pool = try DatabasePool(path: path, configuration: configuration)
        self.pool = pool
        self.groupCommit = SQLiteGroupCommit(writer: SQLiteWriterExecutor(pool: pool))
    }

    public func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try await groupCommit.transaction(body)
    }

    public func read<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try await body(SQLiteReaderExecutor(pool: pool))
    }

    public func checkHealth() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func close() async {
        try? pool.close()
    }
}

/// Runs statements on the writer connection, inside the transaction the group commit opened.
///
/// Statements run synchronously on the calling thread (GRDB's serial writer queue runs an
/// uncontended `sync` block inline): the group commit already guarantees one user of the
/// connection at a time, and a statement takes microseconds, while a hop to the queue's
/// thread and back costs two thread wake-ups — which dominated a batched write's time.
/// Statements that may wait on the disk (`COMMIT`, see ``executeOffThread(_:)``) do hop,
/// so an fsync never holds one of Swift's few cooperative threads.
struct SQLiteWriterExecutor: SQLExecutor {
    let pool: DatabasePool
    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        let statementArguments = SQLiteValues.arguments(arguments)
        try onCallingThread { db in try SQLiteStatements.execute(db, sql, statementArguments) }
    }

    func query(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        let statementArguments = SQLiteValues.arguments(arguments)
        return try onCallingThread { db in try SQLiteValues.rows(SQLiteStatements.fetchAll(db, sql, statementArguments)) }
    }

    /// GRDB's blocking accessor (an async caller would otherwise get the hopping one).
    private func onCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction(body)
    }

    /// Runs a transaction-control statement on the writer queue's own thread.
    func executeOffThread(_ sql: String) async throws {
        try await pool.writeWithoutTransaction { db in try SQLiteStatements.execute(db, sql, []) }
    }
}

/// Runs statements on reader connections, each seeing the latest committed state.
///
/// Like the writer's, statements run on the calling thread: reading SQLite's page cache
/// is CPU work like any other, and the hop to a reader queue and back cost more than an
/// idle sync's whole query.
struct SQLiteReaderExecutor: SQLExecutor {
    let pool: DatabasePool
    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        let statementArguments = SQLiteValues.arguments(arguments)
        try onCallingThread { db in try SQLiteStatements.execute(db, sql, statementArguments) }
    }

    func query(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        let statementArguments = SQLiteValues.arguments(arguments)
        return try onCallingThread { db in try SQLiteValues.rows(SQLiteStatements.fetchAll(db, sql, statementArguments)) }
    }

    /// GRDB's blocking accessor (an async caller would otherwise get the hopping one).
    private func onCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }
}
