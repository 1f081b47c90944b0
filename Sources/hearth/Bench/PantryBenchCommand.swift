import ArgumentParser
import PantryPalServer

struct PantryBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry",
        abstract: "PantryPal: stocking through sync push, full and idle syncs, checkouts, and the client kit's first sync.",
        discussion: """
            Starts a PantryPal server on loopback over a scratch database, stocks one premium \
            household with --items products and inventory rows through POST /api/sync/push \
            (100 changes per request, every rule applied), then measures a full snapshot, idle \
            syncs in Hearth's cursor mode and in the original app's `since` mode, checkout \
            latency, and a fresh PantryPalKit client's first and idle syncs.
            """
    )

    @Option(help: "Inventory rows (each with its own product) to stock the household with.")
    var items = 10_000

    @Option(help: "Checkouts to time.")
    var checkouts = 200

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard (1...100_000).contains(items) else { throw ValidationError("--items takes a number between 1 and 100000") }
        guard (1...10_000).contains(checkouts) else { throw ValidationError("--checkouts takes a number between 1 and 10000") }
    }

    func run() async throws {
        let (items, checkouts, options) = (items, checkouts, options)
        try await options.withScratchDatabase { scratch in
            let result = try await EmbeddedServer.with(PantryBenchmark.app, on: scratch.database, logger: options.logger) { baseURL in
                try await PantryBenchmark(baseURL: baseURL, items: items, checkouts: checkouts).run()
            }
            print(options.json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        }
    }
}
