/// The SQL each engine understands slightly differently.
public enum SQLDialect: String, Sendable {
    case sqlite
    case postgres
}

/// Runs SQL on one connection. Statements use `?` placeholders on both engines.
public protocol SQLExecutor: Sendable {
    var dialect: SQLDialect { get }
    func execute(_ sql: String, _ arguments: [SQLValue]) async throws
    func query(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow]
}

extension SQLExecutor {
    public func execute(_ sql: String) async throws { try await execute(sql, []) }

    public func queryFirst(_ sql: String, _ arguments: [SQLValue] = []) async throws -> SQLRow? {
        try await query(sql, arguments).first
    }
}

/// A storage engine: SQLite through GRDB or PostgreSQL through PostgresNIO.
///
/// Guarantees on both engines:
/// - ``transaction(_:)`` commits when its body returns and rolls back when it throws;
///   nothing of a failed transaction is ever visible;
/// - a change-feed reader never skips an entry of a write that went through
///   ``DocumentStore`` (SQLite commits in feed order; on PostgreSQL readers stop below the
///   oldest write still in flight, see `FeedSequence`);
/// - on SQLite, transactions that queue together share one commit; each still succeeds or
///   fails alone, and none returns before its commit is durable;
/// - on PostgreSQL, a transaction chosen as a deadlock victim runs its body again, so a
///   body must not have effects outside the database.
public protocol HearthDatabase: Sendable {
    var dialect: SQLDialect { get }

    /// Runs `body` in one transaction.
    func transaction<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T

    /// Runs `body` outside a transaction; each statement sees the latest committed data.
    func read<T: Sendable>(_ body: @Sendable (any SQLExecutor) async throws -> T) async throws -> T

    /// Throws when the database cannot answer a trivial query.
    func checkHealth() async throws

    /// Closes connections; the database is unusable afterwards.
    func close() async
}
