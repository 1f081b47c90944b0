import NIOCore
import NIOHTTP1

/// Turns the upstream's decoded response back into bytes for the browser.
///
/// The response is decoded (rather than copied byte for byte) so the proxy can drop the
/// hop-by-hop headers and answer `Connection: close`: the browser then never tries to send
/// a second request on a connection that carries exactly one. The body is sent as the
/// decoder delivers it, without chunked framing, so it ends where the connection ends
/// (RFC 9112 §6.3) unless the upstream's `Content-Length` says so first.
final class ProxyResponseSerializer: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            context.fireChannelRead(Self.wrapInboundOut(Self.serialize(head, allocator: context.channel.allocator)))
        case .body(let body):
            context.fireChannelRead(Self.wrapInboundOut(body))
        case .end:
            // One request per upstream connection: closing tells the relay to finish the
            // browser's side once the bytes above are written.
            context.close(promise: nil)
        }
    }

    static func serialize(_ head: HTTPResponseHead, allocator: ByteBufferAllocator) -> ByteBuffer {
        var headers = HopByHopHeaders.removing(from: head.headers)
        if head.headers.contains(name: "transfer-encoding") {
            // The body arrives de-chunked; a length next to chunked framing is meaningless.
            headers.remove(name: "content-length")
        }
        headers.add(name: "Connection", value: "close")
        var buffer = allocator.buffer(capacity: 256)
        buffer.writeString("HTTP/1.1 \(head.status.code) \(head.status.reasonPhrase)\r\n")
        for (name, value) in headers {
            buffer.writeString("\(name): \(value)\r\n")
        }
        buffer.writeString("\r\n")
        return buffer
    }
}
