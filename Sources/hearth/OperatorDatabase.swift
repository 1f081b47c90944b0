import HearthServer
import HearthStore
import Logging

/// The database an operator's command works on (imports, `hearth admin`): found from the
/// same options and `HEARTH_*` variables as `hearth serve`, its schema brought up to date
/// first, so a command run on a fresh data directory works.
struct OperatorDatabase {
    let configuration: ServerConfiguration
    let database: any HearthDatabase
    let apps: [any HearthApp]
    let logger: Logger

    static func open(_ storage: StorageOptions) async throws -> OperatorDatabase {
        var overrides = ServerConfiguration.Overrides()
        storage.apply(to: &overrides)
        let configuration = try ServerConfiguration.resolve(overrides)
        var logger = LogOutput.start(level: configuration.logLevel)
        logger.logLevel = max(logger.logLevel, .warning)
        try DatabaseOpener.prepareDataDirectory(configuration.dataDirectory)
        let database = try await DatabaseOpener.open(configuration, logger: logger)
        let apps = try AppCatalog.available()
        do {
            try await MigrationRunner(database: database, logger: logger).run(HearthPlatform.migrations(of: apps))
        } catch {
            await database.close()
            throw error
        }
        return OperatorDatabase(configuration: configuration, database: database, apps: apps, logger: logger)
    }

    /// Runs `body`, then closes the database whether or not it threw.
    func using<T: Sendable>(_ body: (OperatorDatabase) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await database.close()
            return result
        } catch {
            await database.close()
            throw error
        }
    }
}
