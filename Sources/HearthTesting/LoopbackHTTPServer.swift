import Hummingbird
import Logging
import ServiceLifecycle

/// A small HTTP server on a free loopback port, for the fakes of outside services that
/// tests run the real client code against (shops, OAuth providers, Open Food Facts, Apple).
public enum LoopbackHTTPServer {
    public struct DidNotStart: Error {}

    /// Serves `router` until `body` returns, then shuts it down gracefully.
    public static func run<Builder: HTTPResponderBuilder, T: Sendable>(
        _ router: Builder, _ body: @Sendable (_ port: Int) async throws -> T
    ) async throws -> T where Builder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: .quietTestLogger)
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: .quietTestLogger)
        let running = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw DidNotStart() }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(port))
        } catch {
            outcome = .failure(error)
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        return try outcome.get()
    }
}
