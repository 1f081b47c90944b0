import ArgumentParser
import ListAllServer

struct ListAllBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listall",
        abstract: "ListAll: importing, exporting and syncing a large library with the client kit.",
        discussion: """
            Starts a ListAll server on loopback over a scratch database. One device imports \
            a JSON export of --items items in 10 lists, merged into a library that already \
            holds a tenth of them, then exports the result as JSON, CSV and text, and sends \
            it to the server; a second device of the same account then fetches everything. \
            Import and export are timed twice: the rules alone on an in-memory library, and \
            through the client (reading and saving the device's store).
            """
    )

    @Option(help: "Items to import (in 10 lists).") var items = 10_000

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard (10...200_000).contains(items) else { throw ValidationError("--items takes a number between 10 and 200000") }
    }

    func run() async throws {
        let (items, options) = (items, options)
        try await options.withScratchDatabase { scratch in
            let result = try await EmbeddedServer.with(ListAllApp(), on: scratch.database, logger: options.logger) { baseURL in
                try await ListAllBenchmark(baseURL: baseURL, items: items).run()
            }
            print(options.json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        }
    }
}
