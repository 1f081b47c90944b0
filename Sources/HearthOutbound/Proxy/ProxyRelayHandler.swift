import NIOCore

/// One half of a pair that joins the browser's connection to the upstream one: what one
/// channel reads, the other writes (NIO's "glue" pattern).
///
/// Both channels run on the same event loop, so the halves call each other directly.
/// Reads are held back while the other side cannot take more writes, which bounds what
/// the proxy buffers to a socket's worth no matter how fast either end sends. When one
/// side closes, the other is closed once what it was already given has been written.
final class ProxyRelayHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    private var partner: ProxyRelayHandler?
    private var context: ChannelHandlerContext?
    private var pendingRead = false
    /// False for the browser's side of a forwarded request: after that one request,
    /// anything else it sends is read and dropped.
    private let forwardsReads: Bool
    /// Whether this channel's pipeline takes raw bytes, so an empty write can mark the end
    /// of what was queued before closing. The upstream side of a forwarded request has an
    /// HTTP encoder that takes only request parts.
    private let carriesBytes: Bool

    private init(forwardsReads: Bool, carriesBytes: Bool) {
        self.forwardsReads = forwardsReads
        self.carriesBytes = carriesBytes
    }

    /// `tunnel` relays bytes both ways; otherwise only the upstream's answer is relayed.
    static func pair(tunnel: Bool) -> (client: ProxyRelayHandler, upstream: ProxyRelayHandler) {
        let client = ProxyRelayHandler(forwardsReads: tunnel, carriesBytes: true)
        let upstream = ProxyRelayHandler(forwardsReads: true, carriesBytes: tunnel)
        client.partner = upstream
        upstream.partner = client
        return (client, upstream)
    }

    // MARK: called by the partner

    private func partnerWrite(_ data: NIOAny) {
        context?.write(data, promise: nil)
    }

    private func partnerFlush() {
        context?.flush()
    }

    private func partnerClosed() {
        guard let context else { return }
        guard carriesBytes else {
            context.close(promise: nil)
            return
        }
        let channel = context.channel
        context.writeAndFlush(NIOAny(ByteBuffer())).whenComplete { _ in channel.close(promise: nil) }
    }

    private func partnerBecameWritable() {
        if pendingRead {
            pendingRead = false
            context?.read()
        }
    }

    private var isWritable: Bool {
        context?.channel.isWritable ?? false
    }

    // MARK: ChannelDuplexHandler

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // The partner may have held a read until this side existed to take its bytes.
        partner?.partnerBecameWritable()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if forwardsReads { partner?.partnerWrite(data) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        partner?.partnerFlush()
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner?.partnerClosed()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { partner?.partnerBecameWritable() }
        context.fireChannelWritabilityChanged()
    }

    func read(context: ChannelHandlerContext) {
        if partner?.isWritable == true {
            context.read()
        } else {
            pendingRead = true
        }
    }
}
