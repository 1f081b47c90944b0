import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import ServiceLifecycle

/// The one gRPC port of a `hearth` process (`--grpc-port`): a grpc-swift 2 server over
/// HTTP/2 (plaintext; TLS terminates at a proxy) that serves every gRPC app's services,
/// each behind its own interceptors. Runs in the server's service group and shuts down
/// gracefully with it: it stops accepting calls and lets calls in flight finish.
public struct GRPCListener: Service {
    /// Clients may ping every 20 s even without calls (Rush Day spec §2.1); the server must
    /// not answer such pings with GOAWAY, so anything at least this far apart is allowed.
    public static let minimumClientPingInterval: Duration = .seconds(10)

    public let host: String
    public let port: Int
    public let mounts: [GRPCAppMount]
    let logger: Logger
    let onListening: @Sendable (Int) async -> Void

    /// - Parameter onListening: called once with the bound port (useful with port 0).
    public init(
        host: String, port: Int, mounts: [GRPCAppMount], logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.mounts = mounts
        self.logger = logger
        self.onListening = onListening
    }

    /// The transport's settings: keepalive that permits idle client pings (§2.1).
    public static var transportConfig: HTTP2ServerTransport.Posix.Config {
        .defaults { config in
            config.connection.keepalive.clientBehavior = .init(
                minPingIntervalWithoutCalls: minimumClientPingInterval, allowWithoutCalls: true)
        }
    }

    /// The address to bind: `localhost` as IPv4 loopback, anything with a colon as IPv6.
    static func socketAddress(host: String, port: Int) -> GRPCNIOTransportCore.SocketAddress {
        if host == "localhost" { return .ipv4(host: "127.0.0.1", port: port) }
        return host.contains(":") ? .ipv6(host: host, port: port) : .ipv4(host: host, port: port)
    }

    public func run() async throws {
        let transport = HTTP2ServerTransport.Posix(
            address: Self.socketAddress(host: host, port: port), transportSecurity: .plaintext, config: Self.transportConfig)
        let server = GRPCServer(
            transport: transport, services: mounts.flatMap(\.services), interceptorPipeline: mounts.flatMap(\.pipeline))
        let logger = logger
        let onListening = onListening
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await server.serve() }
                group.addTask {
                    guard let address = try? await transport.listeningAddress else { return }
                    let bound = address.ipv4?.port ?? address.ipv6?.port ?? 0
                    logger.info("gRPC listening", metadata: ["port": "\(bound)"])
                    await onListening(bound)
                }
            }
        } onGracefulShutdown: {
            server.beginGracefulShutdown()
        }
    }
}
