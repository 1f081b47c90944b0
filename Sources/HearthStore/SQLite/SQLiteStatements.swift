import Foundation
import GRDB

/// Runs one statement on a GRDB connection, reusing its prepared form: data statements
/// are compiled once per connection and kept in GRDB's statement cache, so a hot write
/// path pays SQLite's parser and planner once, not on every call. Schema statements run
/// rarely and go uncached.
enum SQLiteStatements {
    static func execute(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws {
        if isSchemaChange(sql) {
            try db.execute(sql: sql, arguments: arguments)
        } else {
            try db.cachedStatement(sql: sql).execute(arguments: arguments)
        }
    }

    static func fetchAll(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [Row] {
        if isSchemaChange(sql) { return try Row.fetchAll(db, sql: sql, arguments: arguments) }
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    private static func isSchemaChange(_ sql: String) -> Bool {
        let head = sql.utf8.prefix(while: { $0 != 0x20 && $0 != 0x0A }).map { $0 | 0x20 }
        return head.elementsEqual("create".utf8) || head.elementsEqual("drop".utf8) || head.elementsEqual("alter".utf8)
            || head.elementsEqual("pragma".utf8)
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
