import ArgumentParser
import Foundation
import HearthCore
import HearthServer
import HearthStore
import Logging

struct FeedBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Change-feed write and read rates of the document store.",
        discussion: """
            Writes --documents new documents one transaction each (every write takes a feed \
            sequence number and fans out to --audience users), first from one writer, then \
            from --writers concurrent writers; then reads one user's whole feed in pages of \
            500 and times idle pulls of an up-to-date cursor.
            """
    )

    @Option(help: "Documents written in each write phase.")
    var documents = 2000

    @Option(help: "Concurrent writers in the second phase.")
    var writers = 8

    @Option(help: "Users who can read every document (feed entries per write).")
    var audience = 2

    @Option(help: ArgumentHelp("Run on a scratch schema of this PostgreSQL database instead of a temporary SQLite file.", valueName: "url"))
    var databaseURL: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    func validate() throws {
        guard documents > 0, writers > 0, audience > 0 else { throw ValidationError("--documents, --writers and --audience must be positive") }
    }

    func run() async throws {
        var logger = Logger(label: "hearth.bench")
        logger.logLevel = .warning
        let scratch: ScratchDatabase
        do {
            if let databaseURL {
                scratch = try await ScratchDatabase.postgres(url: try PostgresURL(databaseURL), label: "bench", logger: logger)
            } else {
                scratch = try ScratchDatabase.sqlite(label: "hearth-bench")
            }
        } catch {
            throw CommandFailure.exit(error, context: "cannot create the benchmark database")
        }
        do {
            try await MigrationRunner(database: scratch.database, logger: logger).run(DocumentMigrations.all)
            let result = try await FeedBenchmark(
                database: scratch.database, documents: documents, writers: writers, audience: audience
            ).run()
            await scratch.drop()
            print(json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        } catch {
            await scratch.drop()
            throw CommandFailure.exit(error, context: "benchmark failed")
        }
    }
}
