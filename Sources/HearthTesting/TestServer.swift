import AsyncHTTPClient
import Foundation
import HearthCore
import HearthServer
import HearthStore
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The real `hearth` server, started in-process on a free loopback port over a fresh
/// test database, with an HTTP client that talks to it over real sockets.
public struct TestServer: Sendable {
    public let platform: HearthPlatform
    public let port: Int
    public let http: HTTPClient
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Settings fit for tests: fast bcrypt, generous throttles unless a test lowers them.
    public static func testConfiguration() -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.bcryptCost = 4
        configuration.authRequestsPerMinutePerAddress = 10_000
        configuration.authRequestsPerMinutePerAccount = 10_000
        return configuration
    }

    /// Starts a server, runs `body`, then shuts the server down gracefully and drops the
    /// database.
    public static func run<T: Sendable>(
        engine: TestEngine, apps: [any HearthApp], configuration: ServerConfiguration = testConfiguration(),
        clock: any WallClock = SystemWallClock(), secret: [UInt8] = Array(repeating: 7, count: 32),
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let scratch = try await TestDatabase.make(engine)
        do {
            let result = try await run(on: scratch.database, apps: apps, configuration: configuration, clock: clock, secret: secret, body)
            await scratch.drop()
            return result
        } catch {
            await scratch.drop()
            throw error
        }
    }

    /// Starts a server on an existing database (migrating it first), for example a second
    /// process beside another server on the same PostgreSQL schema. The database stays open.
    public static func run<T: Sendable>(
        on database: any HearthDatabase, apps: [any HearthApp], configuration: ServerConfiguration = testConfiguration(),
        clock: any WallClock = SystemWallClock(), secret: [UInt8] = Array(repeating: 7, count: 32),
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let platform = try HearthPlatform(
            configuration: configuration, database: database, available: apps, secret: secret, clock: clock,
            threadPool: .singleton, logger: .quietTestLogger)
        try await platform.migrate()
        return try await serve(platform, body)
    }

    private static func serve<T: Sendable>(_ platform: HearthPlatform, _ body: @Sendable (TestServer) async throws -> T) async throws -> T {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = try await platform.makeApplication { port in portContinuation.yield(port) }
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: .quietTestLogger)
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestServerDidNotStart() }
        let http = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        let server = TestServer(platform: platform, port: port, http: http)
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(server))
        } catch {
            outcome = .failure(error)
        }
        try? await http.shutdown()
        await group.triggerGracefulShutdown()
        _ = await running.result
        return try outcome.get()
    }

    /// Sends one request and collects the whole response.
    public func request(
        _ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
        timeout: TimeAmount = .seconds(30)
    ) async throws -> TestResponse {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
            if !request.headers.contains(name: "Content-Type") { request.headers.add(name: "Content-Type", value: "application/json") }
        }
        let response = try await http.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return TestResponse(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
    }

    /// Sends `json` as the body.
    public func request(
        _ method: HTTPMethod, _ path: String, json: JSONValue, headers: [(String, String)] = []
    ) async throws -> TestResponse {
        try await request(method, path, headers: headers, body: json.serialized())
    }

    /// Opens a streaming request (server-sent events) and hands `body` the response.
    public func stream<T: Sendable>(
        _ path: String, headers: [(String, String)], _ body: (HTTPClientResponse) async throws -> T
    ) async throws -> T {
        var request = HTTPClientRequest(url: baseURL + path)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await http.execute(request, timeout: .seconds(30))
        return try await body(response)
    }
}

/// A collected response.
public struct TestResponse: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: [UInt8]

    public init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON (`null` when it is not JSON).
    public var json: JSONValue { (try? JSONParser().parse(body)) ?? .null }

    public func header(_ name: String) -> String? { headers.first(name: name) }
}

/// The application stopped before it reported a listening port.
public struct TestServerDidNotStart: Error {}

/// An answer a test helper did not expect, with its status and the start of its body.
public struct UnexpectedResponse: Error, CustomStringConvertible {
    public let status: Int
    public let body: String

    public init(_ response: TestResponse) {
        status = response.status
        body = response.text
    }

    public var description: String { "unexpected \(status): \(body.prefix(500))" }
}
