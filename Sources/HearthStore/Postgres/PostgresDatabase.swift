import HearthCore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// The scale-out engine: PostgreSQL through a PostgresNIO connection pool.
///
/// Every statement is parameterised (`?` placeholders are rewritten to `$n`). The pool's
/// run loop lives in a task owned by this object and ends with ``close()``.
public final class PostgresDatabase: HearthDatabase {
    public let dialect = SQLDialect.postgres
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let logger: Logger
    private let isClosed = Atomic<Bool>(false)

    /// - Parameters:
    ///   - searchPath: schema to use instead of `public` (tests isolate themselves this way).
    public init(url: PostgresURL, maximumConnections: Int = 20, searchPath: String? = nil, logger: Logger) {
        let tls: PostgresClient.Configuration.TLS =
            switch url.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password,
            database: url.database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(5)
        if let searchPath {
            configuration.options.additionalStartupParameters = [("search_path", searchPath)]
        }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        self.runTask = Task { await client.run() }
    }

    public func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try checkOpen()
        return try await client.withConnection { connection in
            let executor = PostgresExecutor(connection: connection, logger: logger)
            try await executor.execute("BEGIN")
            do {
                let result = try await body(executor)
                // Finish in an uncancelled task so the pooled connection never goes back mid-transaction.
                try await Task { try await executor.execute("COMMIT") }.value
                return result
            } catch {
                try? await Task { try await executor.execute("ROLLBACK") }.value
                throw error
            }
        }
    }

    public func read<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try checkOpen()
        return try await client.withConnection { connection in
            try await body(PostgresExecutor(connection: connection, logger: logger))
        }
    }

    /// Answers within `timeout` even when the server is gone (the pool would keep waiting).
    public func checkHealth() async throws {
        try await withTimeout(.seconds(2)) {
            try await self.read { executor in _ = try await executor.query("SELECT 1", []) }
        }
    }

    private func checkOpen() throws {
        if isClosed.load(ordering: .relaxed) { throw StoreError.unreachable("the database connection pool is closed") }
    }

    public func close() async {
        isClosed.store(true, ordering: .relaxed)
        runTask.cancel()
        await runTask.value
    }
}

struct PostgresExecutor: SQLExecutor {
    let connection: PostgresConnection
    let logger: Logger
    var dialect: SQLDialect { .postgres }

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        _ = try await query(sql, arguments)
    }

    func query(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        let query = PostgresQuery(unsafeSQL: PostgresPlaceholders.numbered(sql), binds: PostgresValues.bindings(arguments))
        let rows = try await connection.query(query, logger: logger).collect()
        return try rows.map(PostgresValues.row)
    }
}
