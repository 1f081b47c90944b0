import Foundation
import GRDB
import HearthStore

/// Why a file cannot be imported as an original PantryPal database.
public struct OriginalPantryPalFileError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// The original PantryPal server's SQLite file, opened read-only: the import never writes
/// to it, not even a journal.
///
/// Rows come back as ``SQLRow``s (the same type Hearth's own queries return) in the
/// original's insertion order, each with its `_rowid`, so the rest of the import does not
/// depend on GRDB.
struct OriginalDatabase: Sendable {
    let path: String
    private let queue: DatabaseQueue

    static let rowIDColumn = "_rowid"

    /// Opens `path` and checks that it holds PantryPal's tables and columns (spec §4).
    static func open(path: String) async throws(OriginalPantryPalFileError) -> OriginalDatabase {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw OriginalPantryPalFileError(description: "\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw OriginalPantryPalFileError(description: "\(path) is a directory; give the original server's database file (e.g. pantrypal.db)")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw OriginalPantryPalFileError(description: "\(path) cannot be read (permission denied)")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "pantrypal-original"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw describe(error, path: path)
        }
        let database = OriginalDatabase(path: path, queue: queue)
        do {
            try await database.checkSchema()
        } catch {
            try? queue.close()
            throw error
        }
        return database
    }

    /// Every row of `table` (none when an optional table is absent), oldest first.
    func rows(of table: OriginalTable) async throws(OriginalPantryPalFileError) -> [SQLRow] {
        do {
            return try await queue.read { db in
                guard try db.tableExists(table.name) else { return [] }
                let present = Set(try db.columns(in: table.name).map { $0.name.lowercased() })
                let columns = table.requiredColumns.map { "\"\($0)\"" }
                    + table.optionalColumns.map { present.contains($0) ? "\"\($0)\"" : "NULL AS \"\($0)\"" }
                let sql = "SELECT \(columns.joined(separator: ", ")), rowid AS \(Self.rowIDColumn) FROM \"\(table.name)\" ORDER BY rowid"
                return try Row.fetchAll(db, sql: sql).map(Self.sqlRow)
            }
        } catch let error as OriginalPantryPalFileError {
            throw error
        } catch {
            throw Self.describe(error, path: path)
        }
    }

    func close() {
        try? queue.close()
    }

    private func checkSchema() async throws(OriginalPantryPalFileError) {
        let problems: [String]
        do {
            problems = try await queue.read { db in
                let missingTables = try OriginalTable.allCases.filter { table in
                    try !table.isOptional && !db.tableExists(table.name)
                }
                if missingTables.count == OriginalTable.allCases.filter({ !$0.isOptional }).count {
                    return ["it has none of PantryPal's tables (users, households, products, inventory, …)"]
                }
                if !missingTables.isEmpty {
                    return ["tables \(missingTables.map(\.name).joined(separator: ", ")) are missing"]
                }
                var problems: [String] = []
                for table in OriginalTable.allCases where try db.tableExists(table.name) {
                    let present = Set(try db.columns(in: table.name).map { $0.name.lowercased() })
                    let missing = table.requiredColumns.filter { !present.contains($0) }
                    if !missing.isEmpty { problems.append("table \(table.name) lacks \(missing.joined(separator: ", "))") }
                }
                return problems
            }
        } catch {
            throw Self.describe(error, path: path)
        }
        guard problems.isEmpty else {
            throw OriginalPantryPalFileError(
                description: "\(path) is not a PantryPal database (the original server's SQLite schema): \(problems.joined(separator: "; "))")
        }
    }

    private static func sqlRow(_ row: Row) -> SQLRow {
        SQLRow(columns: Array(row.columnNames), values: row.databaseValues.map { value in
            switch value.storage {
            case .null: .null
            case .int64(let number): .integer(number)
            case .double(let number): .real(number)
            case .string(let text): .text(text)
            case .blob(let data): .blob(Array(data))
            }
        })
    }

    private static func describe(_ error: any Error, path: String) -> OriginalPantryPalFileError {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB:
                return OriginalPantryPalFileError(description: "\(path) is not an SQLite database, so not a PantryPal database")
            case .SQLITE_CORRUPT:
                return OriginalPantryPalFileError(description: "\(path) is a damaged SQLite database: \(error.message ?? "corrupt")")
            case .SQLITE_CANTOPEN:
                return OriginalPantryPalFileError(
                    description: "\(path) cannot be opened read-only (if the original server still runs, stop it first): \(error.message ?? "")")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return OriginalPantryPalFileError(description: "\(path) is locked by another program; stop the original server first")
            default:
                return OriginalPantryPalFileError(description: "\(path) cannot be read: \(error.message ?? "\(error)")")
            }
        }
        return OriginalPantryPalFileError(description: "\(path) cannot be read: \(error)")
    }
}
