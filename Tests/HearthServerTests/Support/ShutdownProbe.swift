import AsyncHTTPClient
import HearthCore
import HearthServer
import HearthTesting
import NIOCore
import NIOPosix
import ServiceLifecycle
import Testing

/// Starts a server, sends a slow request, asks the server to shut down while that request
/// is running, and returns what the client received.
enum ShutdownProbe {
    struct Outcome {
        let status: Int
        let body: JSONValue
    }

    static func requestDuringShutdown(platform: HearthPlatform, path: String) async throws -> Outcome {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = try await platform.makeApplication { portContinuation.yield($0) }
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: .quietTestLogger)
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let http = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        let request = Task {
            let response = try await http.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"), timeout: .seconds(10))
            let bytes = try await response.body.collect(upTo: 1 << 20)
            return Outcome(status: Int(response.status.code), body: try JSONParser().parse(bytes.readableBytesView))
        }
        try await Task.sleep(for: .milliseconds(200))
        await group.triggerGracefulShutdown()
        let outcome = await request.result
        _ = await running.result
        // Shut the client down whatever happened: one dropped without shutdown stops the process.
        try await http.shutdown()
        return try outcome.get()
    }
}
