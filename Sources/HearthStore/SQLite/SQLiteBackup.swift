import Foundation
import GRDB

/// A consistent copy of a SQLite database that may be in use, by SQLite's online backup
/// API: the copy is one snapshot, taken under a read transaction, so writers (in this
/// process or another) go on meanwhile and none of their half-done work is copied.
public enum SQLiteBackup {
    /// Copies the database at `source` to a new file at `destination`.
    public static func copy(from source: String, to destination: String) throws {
        guard FileManager.default.fileExists(atPath: source) else { throw StoreError.unreachable("no database at \(source)") }
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        let reader = try DatabaseQueue(path: source, configuration: configuration)
        let copy = try DatabaseQueue(path: destination)
        try reader.backup(to: copy)
        try copy.close()
        try reader.close()
    }

    /// Whether the file at `path` is a SQLite database that passes a quick integrity check.
    public static func isIntact(_ path: String) -> Bool {
        guard let queue = try? DatabaseQueue(path: path) else { return false }
        defer { try? queue.close() }
        return (try? queue.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) == "ok"
    }
}
