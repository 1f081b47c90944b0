import HearthGRPC
import Logging
import ServiceLifecycle

/// A gRPC listener on a free loopback port for one test: what `hearth serve --grpc-port 0`
/// starts, inside the test's process.
public enum GRPCTestListener {
    public struct DidNotStart: Error {}

    /// Runs `body` with the port of a listener serving `mounts`, then shuts the listener down
    /// gracefully whatever `body` did.
    public static func with<T: Sendable>(_ mounts: [GRPCAppMount], _ body: (Int) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let listener = GRPCListener(host: "127.0.0.1", port: 0, mounts: mounts, logger: .quietTestLogger) { port in
            continuation.yield(port)
        }
        let group = ServiceGroup(services: [listener], gracefulShutdownSignals: [], logger: .quietTestLogger)
        // A listener that fails to bind ends the stream, so the wait below cannot hang.
        let running = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        let outcome: Result<T, any Error>
        if let port = await iterator.next() {
            do {
                outcome = .success(try await body(port))
            } catch {
                outcome = .failure(error)
            }
        } else {
            outcome = .failure(DidNotStart())
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        return try outcome.get()
    }
}
