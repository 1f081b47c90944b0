import HearthCore

/// Remembers the result of every applied client mutation per user, so a resent
/// `mutation_id` returns its first answer instead of writing again.
public struct AppliedMutationLog: Sendable {
    public let app: String

    public init(app: String) { self.app = app }

    public func result(of mutationID: String, by userID: String, in executor: any SQLExecutor) async throws -> JSONValue? {
        try await executor.queryFirst(
            "SELECT result FROM hearth_applied_mutations WHERE app = ? AND user_id = ? AND mutation_id = ?",
            [.text(app), .text(userID), .text(mutationID)]
        )?.json("result")
    }

    /// Records `result`; call in the transaction that applied the mutation.
    public func record(
        _ result: JSONValue, of mutationID: String, by userID: String, at time: Timestamp, in executor: any SQLExecutor
    ) async throws {
        try await executor.execute(
            """
            INSERT INTO hearth_applied_mutations (app, user_id, mutation_id, result, applied_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (app, user_id, mutation_id) DO NOTHING
            """, [.text(app), .text(userID), .text(mutationID), SQLValue(json: result), SQLValue(time)])
    }
}
