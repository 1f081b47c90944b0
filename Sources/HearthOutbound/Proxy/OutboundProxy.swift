import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP forward proxy on 127.0.0.1 that applies the outbound policy to everything sent
/// through it, for a headless browser started with `--proxy-server`.
///
/// A browser rendering a user-supplied page fetches whatever the page names: scripts,
/// images, redirects, and URLs that point into the server's own network. Routing all of
/// it through this proxy gives every one of those requests the same check as the server's
/// own link fetches (``OutboundFetcher``): the host is resolved, every address must be
/// globally routable unless the host is in `policy.allowedPrivateHosts`, and the
/// connection goes to the address that was checked.
///
/// - `CONNECT host:port` (https): ports 80 and 443 only (any port for an allow-listed
///   host); answered `200` and then relayed byte for byte. TLS stays end to end.
/// - `GET`/`HEAD http://host/path` (plain http): forwarded in origin form without
///   hop-by-hop headers, one request per connection, answered with `Connection: close`.
/// - Anything else is answered `400` (or `405` for other methods on an http URL);
///   refused destinations get `403`, unresolvable or unreachable ones `502`/`504`.
public final class OutboundProxy: Sendable {
    /// Told about every request the proxy answers itself instead of forwarding, with the
    /// target host (empty if there was none) and a short reason such as `blocked-address`.
    /// Called on an event loop: it must be quick and must not block.
    public typealias RefusalHandler = @Sendable (_ host: String, _ reason: String) -> Void

    /// The port on 127.0.0.1 the proxy listens on, chosen by the system.
    public let port: Int
    private let serverChannel: any Channel
    private let registry: ProxyConnectionRegistry
    private let recorder: ProxyRefusalRecorder

    private init(port: Int, serverChannel: any Channel, registry: ProxyConnectionRegistry, recorder: ProxyRefusalRecorder) {
        self.port = port
        self.serverChannel = serverChannel
        self.registry = registry
        self.recorder = recorder
    }

    /// How many requests were answered by the proxy itself (refused, malformed, over the
    /// cap, or failed before forwarding) since it started.
    public var refusalCount: Int { recorder.total }

    /// Browser connections currently open.
    public var openConnections: Int { registry.count }

    /// Starts listening on 127.0.0.1 with an ephemeral port.
    ///
    /// - Parameters:
    ///   - resolver: resolves destination names; ``SystemHostResolver`` in production.
    ///   - eventLoopGroup: where both the browser's and the upstream connections run; the
    ///     proxy does not own it.
    ///   - onRefusal: see ``RefusalHandler``.
    public static func start(
        policy: OutboundPolicy,
        resolver: any HostResolver,
        eventLoopGroup: any EventLoopGroup,
        limits: Limits = Limits(),
        onRefusal: RefusalHandler? = nil
    ) async throws -> OutboundProxy {
        let recorder = ProxyRefusalRecorder(handler: onRefusal)
        let registry = ProxyConnectionRegistry(limit: limits.maxConnections)
        let settings = ProxySettings(policy: policy, resolver: resolver, limits: limits, recorder: recorder)
        let channel = try await ServerBootstrap(group: eventLoopGroup)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try configure(channel, registry: registry, settings: settings)
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw ChannelError.unknownLocalAddress
        }
        return OutboundProxy(port: port, serverChannel: channel, registry: registry, recorder: recorder)
    }

    private static func configure(_ channel: any Channel, registry: ProxyConnectionRegistry, settings: ProxySettings) throws {
        let pipeline = channel.pipeline.syncOperations
        guard registry.admit(channel) else {
            settings.recorder.record(.tooManyConnections)
            try pipeline.addHandler(ProxyOverloadHandler())
            return
        }
        try pipeline.addHandler(IdleStateHandler(allTimeout: TimeAmount(settings.limits.idleTimeout)))
        try pipeline.addHandler(
            ProxyByteLimitHandler(limit: settings.limits.maxHeaderBytes, recorder: settings.recorder),
            name: ProxyByteLimitHandler.name)
        try pipeline.addHandler(
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes)),
            name: ProxyConnectionHandler.decoderName)
        try pipeline.addHandler(ProxyConnectionHandler(settings: settings))
    }

    /// Stops accepting and closes every open browser connection; their upstream
    /// connections close with them.
    public func shutdown() async throws {
        try? await serverChannel.close()
        for channel in registry.closeAdmission() {
            try? await channel.close()
        }
    }
}
