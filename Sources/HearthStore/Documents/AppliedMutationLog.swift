import HearthCore

/// Remembers the result of every applied client mutation per user, so a resent
/// `mutation_id` returns its first answer instead of writing again.
public struct AppliedMutationLog: Sendable {
    public let app: String

    /// One mutation's first answer.
    public struct Record: Sendable {
        public var mutationID: String
        public var result: JSONValue

        public init(mutationID: String, result: JSONValue) {
            self.mutationID = mutationID
            self.result = result
        }
    }

    public init(app: String) { self.app = app }

    public func result(of mutationID: String, by userID: String, in executor: any SQLExecutor) async throws -> JSONValue? {
        try await executor.queryFirst(
            "SELECT result FROM hearth_applied_mutations WHERE app = ? AND user_id = ? AND mutation_id = ?",
            [.text(app), .text(userID), .text(mutationID)]
        )?.json("result")
    }

    /// The recorded answers among `mutationIDs`, by mutation id, read in one query per 500.
    public func results(of mutationIDs: [String], by userID: String, in executor: any SQLExecutor) async throws
        -> [String: JSONValue]
    {
        var found: [String: JSONValue] = [:]
        for chunk in Array(Set(mutationIDs)).chunked(by: 500) {
            let rows = try await executor.query(
                """
                SELECT mutation_id, result FROM hearth_applied_mutations
                WHERE app = ? AND user_id = ? AND mutation_id IN (\(SQLPlaceholders.list(padding: chunk.count)))
                """, [.text(app), .text(userID)] + SQLPlaceholders.padded(chunk.map(SQLValue.text)))
            for row in rows { found[try row.string("mutation_id")] = try row.json("result") }
        }
        return found
    }

    /// Records `result`; call in the transaction that applied the mutation.
    public func record(
        _ result: JSONValue, of mutationID: String, by userID: String, at time: Timestamp, in executor: any SQLExecutor
    ) async throws {
        try await record([Record(mutationID: mutationID, result: result)], by: userID, at: time, in: executor)
    }

    /// Records many answers with one statement per 100; call in the transaction that
    /// applied the mutations.
    public func record(_ records: [Record], by userID: String, at time: Timestamp, in executor: any SQLExecutor) async throws {
        let rows = records.map { record -> [SQLValue] in
            [.text(app), .text(userID), .text(record.mutationID), SQLValue(json: record.result), SQLValue(time)]
        }
        let statements = SQLStatement.inserting(
            rows, "INSERT INTO hearth_applied_mutations (app, user_id, mutation_id, result, applied_at) VALUES",
            suffix: "ON CONFLICT (app, user_id, mutation_id) DO NOTHING")
        for statement in statements { try await executor.execute(statement.sql, statement.arguments) }
    }
}
