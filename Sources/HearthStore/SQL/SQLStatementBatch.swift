/// One statement and its values.
public struct SQLStatement: Sendable {
    public var sql: String
    public var arguments: [SQLValue]

    public init(_ sql: String, _ arguments: [SQLValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// Multi-row `INSERT`s of `rows`, at most `rowsPerStatement` each, so fan-out to many
    /// users (or a batch's idempotency records) costs a few statements:
    /// `"<prefix> (?, …), (?, …) <suffix>"`.
    public static func inserting(
        _ rows: [[SQLValue]], _ prefix: String, suffix: String, rowsPerStatement: Int = 100
    ) -> [SQLStatement] {
        rows.chunked(by: rowsPerStatement).map { chunk in
            let placeholders = chunk.map { row in "(" + Array(repeating: "?", count: row.count).joined(separator: ", ") + ")" }
            return SQLStatement("\(prefix) \(placeholders.joined(separator: ", ")) \(suffix)", chunk.flatMap { $0 })
        }
    }
}

extension SQLExecutor {
    /// Runs `statements`, which change disjoint rows and return nothing, as one step.
    ///
    /// On SQLite they run one after the other (each is a function call on the calling
    /// thread). On PostgreSQL they travel as one statement of data-modifying `WITH`
    /// clauses — one round trip instead of one each; PostgreSQL may run the parts in any
    /// order, which is why they must not touch the same rows.
    public func executeTogether(_ statements: [SQLStatement]) async throws {
        let argumentCount = statements.reduce(0) { $0 + $1.arguments.count }
        guard dialect == .postgres, statements.count > 1, argumentCount <= 30_000 else {
            for statement in statements { try await execute(statement.sql, statement.arguments) }
            return
        }
        let parts = statements.enumerated().map { index, statement in "step\(index) AS (\(statement.sql))" }
        try await execute("WITH \(parts.joined(separator: ", ")) SELECT 1", statements.flatMap(\.arguments))
    }
}
