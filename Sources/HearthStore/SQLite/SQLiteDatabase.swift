import Foundation
import GRDB

/// The embedded engine: one SQLite file through GRDB.
///
/// WAL journal (readers never block the writer), foreign keys on, a 5 s busy timeout,
/// and exactly one writer: write transactions queue on a FIFO gate and run on GRDB's
/// single writer connection, so they are serialised in the order they start.
public final class SQLiteDatabase: HearthDatabase {
    public let dialect = SQLDialect.sqlite
    public let path: String
    private let pool: DatabasePool
    private let writerGate = WriterGate()

    /// Opens (creating if needed) the database file at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        // Hearth drives BEGIN/COMMIT itself across several async database accesses.
        configuration.allowsUnsafeTransactions = true
        configuration.maximumReaderCount = 4
        self.path = path
        self.pool = try DatabasePool(path: path, configuration: configuration)
    }

    public func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        await writerGate.acquire()
        do {
            let result = try await runTransaction(body)
            await writerGate.release()
            return result
        } catch {
            await writerGate.release()
            throw error
        }
    }

    private func runTransaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        let writer = SQLiteWriterExecutor(pool: pool)
        try await writer.execute("BEGIN IMMEDIATE")
        do {
            let result = try await body(writer)
            // COMMIT and ROLLBACK run in an uncancelled task: a cancelled caller must not
            // leave the single writer connection inside an open transaction.
            try await Task { try await writer.execute("COMMIT") }.value
            return result
        } catch {
            try? await Task { try await writer.execute("ROLLBACK") }.value
            throw error
        }
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

/// Runs statements on the writer connection, inside a transaction the gate holder opened.
struct SQLiteWriterExecutor: SQLExecutor {
    let pool: DatabasePool
    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        let statementArguments = SQLiteValues.arguments(arguments)
        try await pool.writeWithoutTransaction { db in try db.execute(sql: sql, arguments: statementArguments) }
    }

    func query(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        let statementArguments = SQLiteValues.arguments(arguments)
        return try await pool.writeWithoutTransaction { db in
            try SQLiteValues.rows(Row.fetchAll(db, sql: sql, arguments: statementArguments))
        }
    }
}

/// Runs statements on reader connections, each seeing the latest committed state.
struct SQLiteReaderExecutor: SQLExecutor {
    let pool: DatabasePool
    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        let statementArguments = SQLiteValues.arguments(arguments)
        try await pool.read { db in try db.execute(sql: sql, arguments: statementArguments) }
    }

    func query(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        let statementArguments = SQLiteValues.arguments(arguments)
        return try await pool.read { db in
            try SQLiteValues.rows(Row.fetchAll(db, sql: sql, arguments: statementArguments))
        }
    }
}

enum SQLiteValues {
    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(values.map { value -> DatabaseValue in
            switch value {
            case .null: .null
            case .integer(let number): number.databaseValue
            case .real(let number): number.databaseValue
            case .text(let text): text.databaseValue
            case .blob(let bytes): Data(bytes).databaseValue
            }
        })
    }

    static func rows(_ rows: [Row]) -> [SQLRow] {
        guard let first = rows.first else { return [] }
        let columns = Array(first.columnNames)
        return rows.map { row in
            SQLRow(columns: columns, values: row.databaseValues.map { value in
                switch value.storage {
                case .null: .null
                case .int64(let number): .integer(number)
                case .double(let number): .real(number)
                case .string(let text): .text(text)
                case .blob(let data): .blob(Array(data))
                }
            })
        }
    }
}
