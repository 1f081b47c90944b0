import ArgumentParser

struct HTTPBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "Requests/s and p50/p99 latency of a plain route, a delta pull and a legacy pull.",
        discussion: """
            Three routes in one run, so they can be compared: GET /health (the HTTP stack's \
            ceiling on this machine), a delta pull that returns one change, and a legacy \
            pull of 1,000 items; each for --seconds at every --connections level.

            By default the server runs in this process on a scratch database, and the load \
            generator shares its CPUs and memory. With --server the load goes to a `hearth \
            serve` running in another process (one user with 1,000 items is created there and \
            stays), and --server-pid reports that process's memory before and after. The run \
            signs up one user, well within the server's default auth limits.
            """
    )

    @Option(help: "Concurrent connections to measure, comma-separated.")
    var connections = "1,16,64"

    @Option(help: "Seconds per measurement.")
    var seconds = 5.0

    @OptionGroup var server: BenchServerOptions
    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard let levels = SyncBenchCommand.numbers(connections), levels.allSatisfy({ (1...256).contains($0) }) else {
            throw ValidationError("--connections takes numbers between 1 and 256, e.g. 1,16,64")
        }
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be between 0 and 600") }
        _ = levels
        try server.check(against: options)
    }

    func run() async throws {
        let levels = SyncBenchCommand.numbers(connections) ?? []
        let (seconds, serverPid, options) = (seconds, server.serverPid, options)
        let result = try await server.withFixture(options) { fixture in
            try await HTTPBenchmark(fixture: fixture, concurrencies: levels, seconds: seconds, serverPid: serverPid).run()
        }
        print(options.json ? result.json : result.table)
    }
}
