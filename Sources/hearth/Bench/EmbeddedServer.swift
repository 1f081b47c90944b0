import Foundation
import HearthServer
import HearthStore
import Logging
import NIOPosix
import ServiceLifecycle
import WishWithMeServer

/// One app's server on a loopback port and a scratch database, for benchmarks that
/// measure the real HTTP path. Stopped gracefully when `body` returns.
enum EmbeddedServer {
    static func withWishWithMe<T: Sendable>(
        on database: any HearthDatabase, logger: Logger, _ body: @Sendable (_ baseURL: String) async throws -> T
    ) async throws -> T {
        try await with(WishWithMeApp(settings: WishWithMeSettings()), on: database, logger: logger, body)
    }

    /// `app` alone at the root (as `hearth serve --app <name>`), fast password hashing and
    /// no auth throttles (the benchmark is the only client).
    /// - Parameter additionalServices: more parts that run beside the HTTP server (a gRPC
    ///   listener), made from the platform once it is migrated.
    static func with<T: Sendable>(
        _ app: any HearthApp, on database: any HearthDatabase, logger: Logger,
        additionalServices: @Sendable (HearthPlatform) async throws -> [any Service] = { _ in [] },
        _ body: @Sendable (_ baseURL: String) async throws -> T
    ) async throws -> T {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.rootApp = app.name
        configuration.bcryptCost = 4
        configuration.authRequestsPerMinutePerAddress = 100_000
        configuration.authRequestsPerMinutePerAccount = 100_000
        var secret = [UInt8](repeating: 0, count: 32)
        for index in secret.indices { secret[index] = UInt8.random(in: 0...255) }
        let platform = try HearthPlatform(
            configuration: configuration, database: database, available: [app],
            secret: secret, threadPool: .singleton, logger: logger)
        try await platform.migrate()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = try await platform.makeApplication(additionalServices: try await additionalServices(platform)) { port in
            portContinuation.yield(port)
        }
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: logger)
        let running = Task {
            // A server that fails before it listens ends the wait for its port.
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = try await running.value
            throw CommandError("the benchmark server did not start")
        }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body("http://127.0.0.1:\(port)"))
        } catch {
            outcome = .failure(error)
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        return try outcome.get()
    }
}
