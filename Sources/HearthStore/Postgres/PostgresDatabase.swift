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
    private let inFlight = Atomic<Int>(0)
    /// How long a caller waits for a pooled connection before the database counts as down.
    public let leaseTimeout: Duration

    /// - Parameters:
    ///   - searchPath: schema to use instead of `public` (tests isolate themselves this way).
    public init(
        url: PostgresURL, maximumConnections: Int = 20, searchPath: String? = nil, leaseTimeout: Duration = .seconds(5),
        logger: Logger
    ) {
        self.leaseTimeout = leaseTimeout
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

    /// Runs `body` in a transaction. When PostgreSQL breaks a deadlock by aborting this
    /// transaction (two concurrent writers locked the same documents in opposite orders),
    /// everything it did is rolled back and `body` runs again, up to
    /// ``deadlockRetries`` times.
    public func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await transactionOnce(body)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.deadlockDetected && attempt < Self.deadlockRetries {
                attempt += 1
                logger.debug("transaction chosen as a deadlock victim; running it again", metadata: ["attempt": "\(attempt)"])
            }
        }
    }

    static let deadlockDetected = "40P01"
    static let deadlockRetries = 5

    private func transactionOnce<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T {
        try await withLeasedConnection { connection in
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
        try await withLeasedConnection { connection in
            try await body(PostgresExecutor(connection: connection, logger: logger))
        }
    }

    /// Answers within `timeout` even when the server is gone (the pool would keep waiting).
    public func checkHealth() async throws {
        try await withTimeout(.seconds(2)) {
            try await self.read { executor in _ = try await executor.query("SELECT 1", []) }
        }
    }

    /// Calls `receive` with the payload of every `NOTIFY` on `channel`, from any process
    /// sharing this database, until the task is cancelled or the connection drops (then it
    /// throws; callers retry). Holds one pooled connection while it listens.
    public func listen(on channel: String, _ receive: @escaping @Sendable (String) -> Void) async throws {
        try checkOpen()
        try await client.withConnection { connection in
            try await connection.listen(on: channel) { notifications in
                for try await notification in notifications { receive(notification.payload) }
            }
        }
    }

    /// Leases a pooled connection for `body`, giving up with ``StoreError/unreachable(_:)``
    /// when none can be had within ``leaseTimeout`` (the server is down or the pool is
    /// stopping), instead of waiting forever. Only the wait is timed, never `body`.
    private func withLeasedConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try checkOpen()
        inFlight.add(1, ordering: .relaxed)
        defer { inFlight.subtract(1, ordering: .relaxed) }
        let leased = LeaseFlag()
        let client = client
        let leaseTimeout = leaseTimeout
        return try await withoutActuallyEscaping(body) { body in
            try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await client.withConnection { connection in
                        leased.set()
                        return try await body(connection)
                    }
                }
                group.addTask {
                    try await Task.sleep(for: leaseTimeout)
                    if !leased.isSet { throw StoreError.unreachable("no PostgreSQL connection became available within \(leaseTimeout)") }
                    return nil
                }
                while let next = try await group.next() {
                    if let result = next {
                        group.cancelAll()
                        return result
                    }
                }
                throw StoreError.unreachable("the connection lease ended without a result")
            }
        }
    }

    private func checkOpen() throws {
        if isClosed.load(ordering: .relaxed) { throw StoreError.unreachable("the database connection pool is closed") }
    }

    /// Refuses new work, lets work in flight finish (it cannot outlast the lease timeout
    /// while waiting), then stops the pool, waiting at most 5 s for it to wind down so a
    /// server that vanished mid-query cannot hold up a shutdown. Closing twice is harmless.
    public func close() async {
        guard !isClosed.exchange(true, ordering: .relaxed) else { return }
        let drainDeadline = ContinuousClock.now + leaseTimeout + .seconds(2)
        while inFlight.load(ordering: .relaxed) > 0, ContinuousClock.now < drainDeadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        let runTask = runTask
        runTask.cancel()
        _ = try? await withTimeout(.seconds(5)) { await runTask.value }
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

/// Set once a connection lease has been granted.
private final class LeaseFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
