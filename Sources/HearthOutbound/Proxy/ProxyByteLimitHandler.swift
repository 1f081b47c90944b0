import NIOCore

/// Caps what a client may send before its connection becomes a relay: the request line
/// and headers, plus anything sent while the destination is being checked. NIO's HTTP
/// decoder would otherwise accept 80 KiB of headers and buffer whatever follows a CONNECT
/// for as long as resolution and connecting take. Removed when the relay starts.
final class ProxyByteLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let name = "proxy.byte-limit"

    private let limit: Int
    private let recorder: ProxyRefusalRecorder
    private var received = 0
    private var tripped = false

    init(limit: Int, recorder: ProxyRefusalRecorder) {
        self.limit = limit
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !tripped else { return }
        received += Self.unwrapInboundIn(data).readableBytes
        guard received <= limit else {
            tripped = true
            let refusal = ProxyRefusal.headerTooLarge
            recorder.record(refusal)
            refusal.send(on: context)
            return
        }
        context.fireChannelRead(data)
    }
}
