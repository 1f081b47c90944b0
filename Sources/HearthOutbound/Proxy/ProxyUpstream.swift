import NIOCore
import NIOHTTP1
import NIOPosix

/// Opens the proxy's connection to an origin server.
///
/// It connects to the address that was checked, never to the name: a second lookup at
/// connect time could return another address (DNS rebinding) and bypass the check. The
/// connection runs on the browser connection's event loop so the two relay halves can
/// call each other without locks.
enum ProxyUpstream {
    static func connect(
        to address: IPAddress,
        port: Int,
        request: ProxyRequest,
        relay: ProxyRelayHandler,
        settings: ProxySettings,
        on eventLoop: any EventLoop
    ) -> EventLoopFuture<any Channel> {
        let socketAddress: SocketAddress
        do {
            socketAddress = try SocketAddress(ipAddress: address.description, port: port)
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        let boundRelay = NIOLoopBound(relay, eventLoop: eventLoop)
        let isTunnel = request.isTunnel
        let idleTimeout = TimeAmount(settings.limits.idleTimeout)
        return ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(settings.policy.connectTimeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if !isTunnel {
                        try pipeline.addHTTPClientHandlers()
                        try pipeline.addHandler(ProxyResponseSerializer())
                    }
                    try pipeline.addHandler(IdleStateHandler(allTimeout: idleTimeout))
                    // Added before the connection is up, so no upstream byte can arrive
                    // ahead of it; it holds reads until the browser's half is in place.
                    try pipeline.addHandler(boundRelay.value)
                }
            }
            .connect(to: socketAddress)
    }
}
