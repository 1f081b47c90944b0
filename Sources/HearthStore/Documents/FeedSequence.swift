import Synchronization

/// How a write transaction may run beside others on PostgreSQL. SQLite has one writer,
/// so there every write is exclusive.
public enum DocumentWriteIsolation: Sendable {
    /// Alone among document writes: what the transaction reads of any table cannot change
    /// until it commits. The default, and what app code that reads its own tables to
    /// decide a write needs.
    case exclusive
    /// Beside other `.documents` writes: each document the writer fetches is locked until
    /// commit, so two writes of one document still happen one after the other. For writes
    /// whose decisions depend only on documents read through the writer, and on app tables
    /// that only exclusive writes change (delta sync pushes).
    case documents
}

/// The feed numbers (`seq`) of one write transaction: strictly increasing server-wide,
/// assigned in the writing transaction, never reused.
///
/// Why a cursor never skips a change:
/// - SQLite: the transaction locks the counter row and keeps it until it commits (SQLite
///   has one writer anyway), hands numbers out from memory and stores the last one at
///   the end; transactions commit in the order of their numbers.
/// - PostgreSQL: numbers come from a sequence and writers commit concurrently; each
///   announces its first number until it ends, and readers serve only what lies below
///   every announced number (see ``FeedConcurrencySQL``).
final class FeedSequence: Sendable {
    private struct Numbers {
        var last: Int64
        var stored: Int64
        /// PostgreSQL: numbers taken from the sequence and not handed out yet.
        var reserved: [Int64] = []
        var nextBlock = 2

        mutating func take(_ dialect: SQLDialect) -> Int64? {
            switch dialect {
            case .sqlite:
                last += 1
                return last
            case .postgres:
                guard !reserved.isEmpty else { return nil }
                return reserved.removeFirst()
            }
        }
    }

    private let dialect: SQLDialect
    private let numbers: Mutex<Numbers>

    private init(dialect: SQLDialect, numbers: Numbers) {
        self.dialect = dialect
        self.numbers = Mutex(numbers)
    }

    /// Starts the numbering of a write transaction, taking its locks. Call first, outside
    /// any savepoint (a lock taken in a rolled-back savepoint would be released with it).
    static func begin(_ executor: any SQLExecutor, isolation: DocumentWriteIsolation) async throws -> FeedSequence {
        switch executor.dialect {
        case .sqlite:
            guard let row = try await executor.queryFirst(
                "UPDATE hearth_sequence SET value = value WHERE name = 'feed' RETURNING value")
            else { throw StoreError.unexpectedValue(column: "hearth_sequence.value", expected: "a row") }
            let value = try row.int("value")
            return FeedSequence(dialect: .sqlite, numbers: Numbers(last: value, stored: value))
        case .postgres:
            try await executor.execute(isolation == .exclusive ? FeedConcurrencySQL.lockExclusively : FeedConcurrencySQL.lockShared)
            let first = try await executor.query(FeedConcurrencySQL.takeFirstNumbers, [.integer(1)]).map { try $0.int("seq") }
            return FeedSequence(dialect: .postgres, numbers: Numbers(last: 0, stored: 0, reserved: first))
        }
    }

    /// The next number of this transaction.
    func next(_ executor: any SQLExecutor) async throws -> Int64 {
        if let number = numbers.withLock({ $0.take(dialect) }) { return number }
        let block = numbers.withLock { numbers in
            defer { numbers.nextBlock = min(numbers.nextBlock * 2, 128) }
            return numbers.nextBlock
        }
        let more = try await executor.query(FeedConcurrencySQL.takeMoreNumbers, [.integer(Int64(block))]).map { try $0.int("seq") }
        numbers.withLock { $0.reserved.append(contentsOf: more) }
        guard let number = numbers.withLock({ $0.take(dialect) }) else {
            throw StoreError.unexpectedValue(column: "hearth_feed_seq", expected: "new numbers")
        }
        return number
    }

    /// Stores what the transaction used (SQLite); call last, before commit.
    func finish(_ executor: any SQLExecutor) async throws {
        guard dialect == .sqlite else { return }
        let last: Int64? = numbers.withLock { $0.last > $0.stored ? $0.last : nil }
        if let last {
            try await executor.execute("UPDATE hearth_sequence SET value = ? WHERE name = 'feed'", [.integer(last)])
        }
    }

    /// The highest number handed out so far, by any transaction, as a one-column query.
    static func currentSQL(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: "SELECT value FROM hearth_sequence WHERE name = 'feed'"
        case .postgres: "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS value FROM hearth_feed_seq"
        }
    }
}
