import ArgumentParser

struct ClientsBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clients",
        abstract: "Many clients editing and syncing at once: syncs/s, sync latency, memory, errors.",
        discussion: """
            Signs up --clients users, each on its own client (its own SQLite store), then lets \
            every one of them add or rename an item and sync, for --seconds. Errors must be 0.

            --mode closed (the default): each client starts its next edit as soon as its last \
            sync returned, so the syncs/s figure is the server's saturation rate. \
            --mode open: each client edits and syncs once every --interval-ms, give or take \
            20 %, on a clock that does not wait for slow syncs; a sync that falls due while the \
            same client's previous one is still running is skipped and reported as a late \
            start. This shows the latency people would see at a given load.

            By default the server runs in this process on a scratch database, and the memory \
            figure covers server and clients together. With --server the clients load a \
            `hearth serve` running in another process instead (its accounts and data stay \
            there), and --server-pid reports that process's memory. Sign-ups count against \
            the server's auth limits (30 per minute per address by default), so start it with \
            a higher one, for example:

              hearth serve --app wishwithme --auth-limit-per-address 100000

            (or HEARTH_AUTH_LIMIT_PER_ADDRESS=100000). Adding --bcrypt-cost 10 \
            (HEARTH_BCRYPT_COST, the lowest cost it accepts) makes the sign-ups quicker.
            """
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable, Sendable {
        case closed, open
    }

    @Option(help: "How many clients.")
    var clients = 64

    @Option(help: "Seconds of editing and syncing.")
    var seconds = 10.0

    @Option(help: "closed: each client syncs again as soon as it can; open: each syncs on a clock, every --interval-ms.")
    var mode = Mode.closed

    @Option(name: .customLong("interval-ms"), help: ArgumentHelp("In open mode, how often each client edits and syncs, ±20 %. (default: 1000)", valueName: "ms"))
    var intervalMilliseconds: Int?

    @OptionGroup var server: BenchServerOptions
    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard (1...1000).contains(clients) else { throw ValidationError("--clients must be between 1 and 1000") }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds must be between 0 and 3600") }
        if let intervalMilliseconds {
            guard mode == .open else { throw ValidationError("--interval-ms applies to --mode open") }
            guard (10...600_000).contains(intervalMilliseconds) else { throw ValidationError("--interval-ms must be between 10 and 600000") }
        }
        try server.check(against: options)
    }

    func run() async throws {
        let schedule: ClientsBenchmark.Schedule =
            switch mode {
            case .closed: .closedLoop
            case .open: .openLoop(everyMilliseconds: intervalMilliseconds ?? 1000)
            }
        let (clients, seconds, serverPid, options) = (clients, seconds, server.serverPid, options)
        let result = try await server.withFixture(options) { fixture in
            try await ClientsBenchmark(fixture: fixture, clients: clients, seconds: seconds, schedule: schedule, serverPid: serverPid).run()
        }
        print(options.json ? result.json : result.table)
    }
}
