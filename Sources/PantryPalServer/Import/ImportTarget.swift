import HearthCore
import HearthStore

/// Hearth's database as the import sees it: the one write transaction everything goes
/// into, and the time the run started (for columns the original left empty).
struct ImportTarget: Sendable {
    let executor: any SQLExecutor
    let now: Timestamp
    /// A dry run: everything is rolled back, so nothing outside the transaction may change.
    let dryRun: Bool

    /// `now` as the original's database-defaulted columns write it.
    var nowText: String { PantryTime.databaseText(now) }

    /// Which of `values` `table.column` already holds.
    func existing(_ table: String, column: String = "id", among values: [String]) async throws -> Set<String> {
        try await rows(table, selecting: column, where: column, among: values).reduce(into: Set<String>()) { found, row in
            found.insert(try row.string(column))
        }
    }

    /// The rows of `table` whose `column` is one of `values`, a few hundred per query.
    func rows(_ table: String, selecting columns: String, where column: String, among values: [String]) async throws -> [SQLRow] {
        try await rows(table, selecting: columns, where: column, among: Set(values).sorted().map(SQLValue.text))
    }

    func rows(_ table: String, selecting columns: String, where column: String, among values: [SQLValue]) async throws -> [SQLRow] {
        var rows: [SQLRow] = []
        for start in stride(from: 0, to: values.count, by: 500) {
            let chunk = Array(values[start..<min(start + 500, values.count)])
            rows += try await executor.query(
                "SELECT \(columns) FROM \(table) WHERE \(column) IN (\(SQLPlaceholders.list(padding: chunk.count)))",
                SQLPlaceholders.padded(chunk))
        }
        return rows
    }
}
