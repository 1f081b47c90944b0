import NIOCore

/// Installed instead of the proxy handlers on a connection beyond the concurrency cap:
/// answers `503` as soon as the connection is up and closes it, without reading a byte.
/// A browser retries or gives up; either is better than the server running out of
/// sockets because a page opened hundreds of connections.
final class ProxyOverloadHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(Self.wrapOutboundOut(ProxyRefusal.tooManyConnections.response))
            .whenComplete { _ in channel.close(promise: nil) }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
