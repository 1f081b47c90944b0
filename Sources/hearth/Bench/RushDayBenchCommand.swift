import ArgumentParser
import AsyncHTTPClient
import HearthGRPC
import HearthServer
import RushDayServer
import ServiceLifecycle

struct RushDayBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rushday",
        abstract: "Rush Day: unary gRPC rates and p50/p99 (GetEvent, CreateTask, ListEvents) beside the HTTP plain route.",
        discussion: """
            Starts Rush Day in this process over a scratch database, its gRPC listener on a \
            loopback port and hs256 auth with a random secret, then for --seconds at every \
            --callers level measures GetEvent, CreateTask (each caller on an event of its \
            own, a fresh one every 900 tasks), ListEvents (page of 100) for a user with \
            --events events, and GET /health on the HTTP port the way `hearth bench http` \
            does (one connection per caller). The gRPC callers share one HTTP/2 connection, \
            as a gRPC client does. The load generator shares the CPUs with the server.

            Build in release mode for meaningful numbers:

              swift run -c release hearth bench rushday
              hearth bench rushday --callers 1,16,64 --seconds 5 --database-url postgres://localhost/hearth
            """
    )

    @Option(help: "Concurrent callers to measure, comma-separated.")
    var callers = "1,16,64"

    @Option(help: "Seconds per measurement.")
    var seconds = 5.0

    @Option(help: "Events of the user whose list is measured (0 leaves ListEvents out).")
    var events = 1000

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard let levels = SyncBenchCommand.numbers(callers), levels.allSatisfy({ (1...256).contains($0) }) else {
            throw ValidationError("--callers takes numbers between 1 and 256, e.g. 1,16,64")
        }
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be between 0 and 600") }
        guard (0...100_000).contains(events) else { throw ValidationError("--events takes a number between 0 and 100000") }
    }

    func run() async throws {
        let levels = SyncBenchCommand.numbers(callers) ?? []
        let (seconds, events, options) = (seconds, events, options)
        let logger = options.logger
        var secret = [UInt8](repeating: 0, count: 32)
        for index in secret.indices { secret[index] = UInt8.random(in: 0...255) }
        var settings = RushDaySettings()
        settings.authMode = .hs256
        settings.hs256Secret = secret
        settings.plannerStepDelayMilliseconds = 0
        let app = RushDayApp(settings: settings)
        let frozenSecret = secret
        let result = try await options.withScratchDatabase { scratch in
            let database = scratch.database
            let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
            return try await EmbeddedServer.with(
                app, on: database, logger: logger,
                additionalServices: { platform in
                    let mount = GRPCAppMount(app: app, services: await platform.services(for: app))
                    return [
                        GRPCListener(host: "127.0.0.1", port: 0, mounts: [mount], logger: logger) { port in
                            portContinuation.yield(port)
                        }
                    ]
                }
            ) { base in
                var iterator = ports.makeAsyncIterator()
                guard let grpcPort = await iterator.next() else { throw CommandError("the gRPC listener did not start") }
                var configuration = HTTPClient.Configuration()
                configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 256
                let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
                do {
                    let result = try await RushDayBenchmark(
                        grpcPort: grpcPort, httpBase: base, secret: frozenSecret, concurrencies: levels, seconds: seconds,
                        listedEvents: events, http: http
                    ).run(engine: database.dialect.rawValue)
                    try await http.shutdown()
                    return result
                } catch {
                    try? await http.shutdown()
                    throw error
                }
            }
        }
        print(options.json ? result.json : result.table)
    }
}
