import ArgumentParser

struct ClientsBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clients",
        abstract: "Many clients editing and syncing at once: syncs/s, p50/p99 sync latency, memory, errors.",
        discussion: """
            Signs up --clients users, each on its own client (its own SQLite store), then lets \
            every one of them add or rename an item and sync, in a loop, for --seconds. Errors \
            must be 0. The clients run in the server's process, so the memory figure covers both.
            """
    )

    @Option(help: "How many clients.")
    var clients = 64

    @Option(help: "Seconds of editing and syncing.")
    var seconds = 10.0

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard (1...1000).contains(clients) else { throw ValidationError("--clients must be between 1 and 1000") }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds must be between 0 and 3600") }
    }

    func run() async throws {
        let (clients, seconds) = (clients, seconds)
        let options = options
        try await options.withScratchDatabase { scratch in
            let result = try await BenchFixture.run(on: scratch.database, logger: options.logger) { fixture in
                try await ClientsBenchmark(fixture: fixture, clients: clients, seconds: seconds).run()
            }
            print(options.json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        }
    }
}
