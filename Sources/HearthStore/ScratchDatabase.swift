import Foundation
import HearthCore
import Logging

/// A throwaway database for tests and benchmarks: a temporary SQLite file, or a fresh
/// schema in an existing PostgreSQL database. ``drop()`` deletes it.
public struct ScratchDatabase: Sendable {
    public let database: any HearthDatabase
    private let cleanup: @Sendable () async -> Void

    /// A temporary SQLite file in the system's temporary directory.
    public static func sqlite(label: String = "hearth") throws -> ScratchDatabase {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: directory.appendingPathComponent("\(label).sqlite").path)
        return ScratchDatabase(database: database) {
            await database.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// A new schema named `<label>_<random>` in the database at `url`. The schema is created
    /// and later dropped over a short-lived admin connection, so an open scratch database
    /// holds no more than `maximumConnections` connections.
    public static func postgres(
        url: PostgresURL, label: String = "scratch", maximumConnections: Int = 12, leaseTimeout: Duration = .seconds(5), logger: Logger
    ) async throws -> ScratchDatabase {
        let schema = "\(label)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
        do {
            try await withAdmin(url: url, logger: logger) { admin in
                try await withTimeout(.seconds(30)) {
                    try await admin.transaction { try await $0.execute("CREATE SCHEMA \(schema)") }
                }
            }
        } catch {
            throw StoreError.unreachable("\(url.redacted): \(error)")
        }
        let database = PostgresDatabase(
            url: url, maximumConnections: maximumConnections, searchPath: schema, leaseTimeout: leaseTimeout, logger: logger)
        return ScratchDatabase(database: database) {
            await database.close()
            try? await withAdmin(url: url, logger: logger) { admin in
                try await admin.transaction { try await $0.execute("DROP SCHEMA \(schema) CASCADE") }
            }
        }
    }

    private static func withAdmin(url: PostgresURL, logger: Logger, _ body: (PostgresDatabase) async throws -> Void) async throws {
        let admin = PostgresDatabase(url: url, maximumConnections: 1, logger: logger)
        do {
            try await body(admin)
            await admin.close()
        } catch {
            await admin.close()
            throw error
        }
    }

    public func drop() async { await cleanup() }
}
