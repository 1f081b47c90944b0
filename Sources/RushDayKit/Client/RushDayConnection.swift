import GRPCCore
import GRPCNIOTransportHTTP2

/// One HTTP/2 connection to the gRPC port, running until ``close()``. Keepalive pings go
/// out every 20 s, even without calls (spec §2.1).
public final class RushDayConnection: Sendable {
    public let grpc: GRPCClient<HTTP2ClientTransport.Posix>
    private let running: Task<Void, Never>

    public init(host: String, port: Int) throws {
        var config = HTTP2ClientTransport.Posix.Config.defaults
        config.connection.keepalive = .init(time: .seconds(20), timeout: .seconds(10), allowWithoutCalls: true)
        let transport = try HTTP2ClientTransport.Posix(
            target: .dns(host: host, port: port), transportSecurity: .plaintext, config: config)
        let grpc = GRPCClient(transport: transport)
        self.grpc = grpc
        running = Task { try? await grpc.runConnections() }
    }

    /// Lets calls in flight finish, then closes the connection.
    public func close() async {
        grpc.beginGracefulShutdown()
        await running.value
    }
}
