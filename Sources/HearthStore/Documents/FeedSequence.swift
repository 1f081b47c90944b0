/// The one server-wide, strictly increasing counter behind every feed entry's `seq`.
///
/// Why no change is ever skipped: a document write first locks the counter row and keeps
/// the lock until it commits (PostgreSQL row lock; SQLite's single writer does the same).
/// Writers therefore commit in the order they took their numbers, and a reader can never
/// see seq N+1 committed while seq N is still in flight.
enum FeedSequence {
    /// Takes the counter's lock without consuming a number.
    static func lock(_ executor: any SQLExecutor) async throws {
        try await executor.execute("UPDATE hearth_sequence SET value = value WHERE name = 'feed'")
    }

    /// The next number; call only after ``lock(_:)`` in the same transaction.
    static func next(_ executor: any SQLExecutor) async throws -> Int64 {
        guard let row = try await executor.queryFirst(
            "UPDATE hearth_sequence SET value = value + 1 WHERE name = 'feed' RETURNING value")
        else { throw StoreError.unexpectedValue(column: "hearth_sequence.value", expected: "a row") }
        return try row.int("value")
    }

    /// The highest number handed out so far.
    static func current(_ executor: any SQLExecutor) async throws -> Int64 {
        try await executor.queryFirst("SELECT value FROM hearth_sequence WHERE name = 'feed'")?.int("value") ?? 0
    }
}
