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
            from --writers concurrent writers, then --batch per transaction; on SQLite the same \
            rows are then inserted with GRDB directly as the floor to compare with. Finally it \
            reads one user's whole feed in pages of 500 and times idle pulls of an up-to-date cursor.
            """
    )

    @Option(help: "Documents written in each write phase.")
    var documents = 2000

    @Option(help: "Concurrent writers in the second phase.")
    var writers = 8

    @Option(help: "Users who can read every document (feed entries per write).")
    var audience = 2

    @Option(help: "Documents per transaction in the batched phase.")
    var batch = 100

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard documents > 0, writers > 0, audience > 0, batch > 0 else {
            throw ValidationError("--documents, --writers, --audience and --batch must be positive")
        }
    }

    func run() async throws {
        let (documents, writers, audience, batch) = (documents, writers, audience, batch)
        let options = options
        try await options.withScratchDatabase { scratch in
            try await MigrationRunner(database: scratch.database, logger: options.logger).run(DocumentMigrations.all)
            let result = try await FeedBenchmark(
                database: scratch.database, documents: documents, writers: writers, audience: audience, batch: batch
            ).run()
            print(options.json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        }
    }
}
