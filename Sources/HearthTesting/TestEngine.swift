import Foundation
import HearthCore
import HearthStore
import Logging

/// The storage engines a conformance test runs on.
///
/// PostgreSQL runs when `HEARTH_TEST_DATABASE_URL` is set (`.ci/run` and
/// `scripts/test-postgres.sh start` set it). With `CI=true` it is always in the list, so a
/// missing server fails the run instead of silently skipping half the suite.
public enum TestEngine: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }

    public static let postgresURLVariable = "HEARTH_TEST_DATABASE_URL"

    public static var available: [TestEngine] {
        let environment = ProcessInfo.processInfo.environment
        let hasPostgres = !(environment[postgresURLVariable] ?? "").isEmpty
        let isCI = environment["CI"] == "true"
        return hasPostgres || isCI ? [.sqlite, .postgres] : [.sqlite]
    }
}

public struct TestDatabaseUnavailable: Error, CustomStringConvertible {
    public let description: String
}

/// A fresh, empty database for one test: a temporary SQLite file, or a new schema in the
/// test PostgreSQL server. Dropped when the test ends.
public struct TestDatabase: Sendable {
    public let engine: TestEngine
    public let database: any HearthDatabase
    private let cleanup: @Sendable () async -> Void

    public static func make(_ engine: TestEngine, label: String = "hearth") async throws -> TestDatabase {
        let logger = Logger.quietTestLogger
        switch engine {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("hearth-test-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let database = try SQLiteDatabase(path: directory.appendingPathComponent("\(label).sqlite").path)
            return TestDatabase(engine: engine, database: database) {
                await database.close()
                try? FileManager.default.removeItem(at: directory)
            }
        case .postgres:
            guard let text = ProcessInfo.processInfo.environment[TestEngine.postgresURLVariable], !text.isEmpty else {
                throw TestDatabaseUnavailable(
                    description: "\(TestEngine.postgresURLVariable) is not set; run scripts/test-postgres.sh start")
            }
            let url = try PostgresURL(text)
            let schema = "test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20).lowercased())"
            let admin = PostgresDatabase(url: url, maximumConnections: 1, logger: logger)
            try await admin.transaction { try await $0.execute("CREATE SCHEMA \(schema)") }
            let database = PostgresDatabase(url: url, maximumConnections: 12, searchPath: schema, logger: logger)
            return TestDatabase(engine: engine, database: database) {
                await database.close()
                try? await admin.transaction { try await $0.execute("DROP SCHEMA \(schema) CASCADE") }
                await admin.close()
            }
        }
    }

    /// Runs `body` with a fresh database migrated with `migrations`, then drops it.
    public static func with<T: Sendable>(
        _ engine: TestEngine, migrations: [Migration] = DocumentMigrations.all,
        _ body: (any HearthDatabase) async throws -> T
    ) async throws -> T {
        let test = try await make(engine)
        do {
            try await MigrationRunner(database: test.database, logger: .quietTestLogger).run(migrations)
            let result = try await body(test.database)
            await test.cleanup()
            return result
        } catch {
            await test.cleanup()
            throw error
        }
    }

    public func close() async { await cleanup() }
}

extension Logger {
    /// Warnings and errors only, so test output stays readable.
    public static var quietTestLogger: Logger {
        var logger = Logger(label: "hearth.test")
        logger.logLevel = .warning
        return logger
    }
}
