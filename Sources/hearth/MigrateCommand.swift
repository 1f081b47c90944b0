import ArgumentParser
import HearthServer
import Logging
import HearthStore

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Bring the database schema up to date, then exit.",
        discussion: """
            Applies the platform's and every app's pending migrations, each in its own \
            transaction, and lists what it applied. Safe to run any number of times and while \
            other hearth processes start: they take turns. 'hearth serve' does the same at \
            startup, so this is only needed to migrate ahead of a deploy.
            """
    )

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        var overrides = ServerConfiguration.Overrides()
        storage.apply(to: &overrides)
        do {
            let configuration = try ServerConfiguration.resolve(overrides)
            let logger = LogOutput.start(level: configuration.logLevel)
            try DatabaseOpener.prepareDataDirectory(configuration.dataDirectory)
            let database = try await DatabaseOpener.open(configuration, logger: logger)
            let migrations = HearthPlatform.migrations(of: try AppCatalog.available())
            var quiet = logger
            quiet.logLevel = max(logger.logLevel, .warning)  // the list below says what was applied
            let applied = try await MigrationRunner(database: database, logger: quiet).run(migrations)
            await database.close()
            if applied.isEmpty {
                print("The schema is up to date (\(migrations.count) migrations).")
            } else {
                print("Applied \(applied.count) migration\(applied.count == 1 ? "" : "s"):")
                for migration in applied { print("  \(migration.module) v\(migration.version)  \(migration.name)") }
            }
        } catch {
            throw CommandFailure.exit(error, context: "cannot migrate")
        }
    }
}
