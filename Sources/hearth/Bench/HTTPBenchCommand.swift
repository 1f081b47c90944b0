import ArgumentParser

struct HTTPBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "Requests/s and p50/p99 latency of a plain route, a delta pull and a legacy pull.",
        discussion: """
            Three routes in one run, so they can be compared: GET /health (the HTTP stack's \
            ceiling on this machine), a delta pull that returns one change, and a legacy \
            pull of 1,000 items; each for --seconds at every --connections level. The load \
            generator runs in the same process as the server and shares its CPUs.
            """
    )

    @Option(help: "Concurrent connections to measure, comma-separated.")
    var connections = "1,16,64"

    @Option(help: "Seconds per measurement.")
    var seconds = 5.0

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard let levels = SyncBenchCommand.numbers(connections), levels.allSatisfy({ (1...256).contains($0) }) else {
            throw ValidationError("--connections takes numbers between 1 and 256, e.g. 1,16,64")
        }
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be between 0 and 600") }
        _ = levels
    }

    func run() async throws {
        let levels = SyncBenchCommand.numbers(connections) ?? []
        let seconds = seconds
        let options = options
        try await options.withScratchDatabase { scratch in
            let result = try await BenchFixture.run(on: scratch.database, logger: options.logger) { fixture in
                try await HTTPBenchmark(fixture: fixture, concurrencies: levels, seconds: seconds).run()
            }
            print(options.json ? result.json : result.table(engine: scratch.database.dialect.rawValue))
        }
    }
}
