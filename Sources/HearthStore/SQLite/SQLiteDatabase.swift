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
        self.groupCommit = SQLiteGroupCommit(writer: SQLiteExecutor(pool: pool, connection: .writer))
    }

    public func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try await groupCommit.transaction(body)
    }

    public func read<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try await body(SQLiteExecutor(pool: pool, connection: .reader))
    }

    public func checkHealth() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func close() async {
        try? pool.close()
    }
}

/// Runs statements on one of the pool's connections: the writer (inside the transaction
/// the group commit opened) or a reader (each statement seeing the latest committed state).
///
/// Statements run synchronously on the calling thread (GRDB runs an uncontended `sync`
/// block of its serial queue inline): the group commit guarantees one user of the writer
/// at a time, and a statement takes microseconds, while a hop to the queue's thread and
/// back costs two thread wake-ups — which dominated a batched write's time, and cost more
/// than an idle sync's whole query. Statements that may wait on the disk (`BEGIN`,
/// `COMMIT`, see ``executeOffThread(_:)``) do hop, so an fsync or a busy wait never holds
/// one of Swift's few cooperative threads.
struct SQLiteExecutor: SQLExecutor {
    enum Connection {
        case writer
        case reader
    }

    let pool: DatabasePool
    let connection: Connection
    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        let statementArguments = SQLiteValues.arguments(arguments)
        try onCallingThread { db in try SQLiteStatements.execute(db, sql, statementArguments) }
    }

    func query(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        let statementArguments = SQLiteValues.arguments(arguments)
        return try onCallingThread { db in try SQLiteValues.rows(SQLiteStatements.fetchAll(db, sql, statementArguments)) }
    }

    /// GRDB's blocking accessors (an async caller would otherwise get the hopping ones).
    private func onCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        switch connection {
        case .writer: try pool.writeWithoutTransaction(body)
        case .reader: try pool.read(body)
        }
    }

    /// Runs a transaction-control statement on the writer queue's own thread.
    func executeOffThread(_ sql: String) async throws {
        try await pool.writeWithoutTransaction { db in try SQLiteStatements.execute(db, sql, []) }
    }
}
