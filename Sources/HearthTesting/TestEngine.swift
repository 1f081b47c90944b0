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
public enum TestDatabase {
    public static func make(_ engine: TestEngine) async throws -> ScratchDatabase {
        switch engine {
        case .sqlite:
            return try ScratchDatabase.sqlite(label: "hearth-test")
        case .postgres:
            guard let text = ProcessInfo.processInfo.environment[TestEngine.postgresURLVariable], !text.isEmpty else {
                throw TestDatabaseUnavailable(
                    description: "\(TestEngine.postgresURLVariable) is not set; run scripts/test-postgres.sh start")
            }
            // Many tests run at once on a small machine: few connections each, and patience
            // rather than a failure when the server is busy.
            return try await ScratchDatabase.postgres(
                url: try PostgresURL(text), label: "test", maximumConnections: 4, leaseTimeout: .seconds(30), logger: .quietTestLogger)
        }
    }

    /// Runs `body` with a fresh database migrated with `migrations`, then drops it.
    public static func with<T: Sendable>(
        _ engine: TestEngine, migrations: [Migration] = DocumentMigrations.all,
        _ body: (any HearthDatabase) async throws -> T
    ) async throws -> T {
        let scratch = try await make(engine)
        do {
            try await MigrationRunner(database: scratch.database, logger: .quietTestLogger).run(migrations)
            let result = try await body(scratch.database)
            await scratch.drop()
            return result
        } catch {
            await scratch.drop()
            throw error
        }
    }
}

extension Logger {
    /// Warnings and errors only, so test output stays readable.
    public static var quietTestLogger: Logger {
        var logger = Logger(label: "hearth.test")
        logger.logLevel = .warning
        return logger
    }
}
