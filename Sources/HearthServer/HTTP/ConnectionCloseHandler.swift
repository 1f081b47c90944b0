import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Ends an HTTP/1 connection after a response that carries `Connection: close`.
///
/// Hummingbird closes a connection only when the *request* asked for it. Hearth also
/// answers `Connection: close` when it refuses a request without reading it (a body over
/// the limit, see ``BodyLimitMiddleware``), and then the connection has to end for real:
/// a client that writes its whole body before reading would otherwise wait for ever.
///
/// The close is graceful. Once the response is written the server shuts its sending side,
/// so the client reads the answer and then end-of-stream; whatever the client still sends
/// is read and thrown away (it is no longer a request), because closing a socket with
/// unread data resets the connection and can destroy the answer before the client reads
/// it. The connection ends completely when the client closes its side, or after
/// `lingerTimeout` if it never does.
final class ConnectionCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        case open
        /// The response being written says `Connection: close`.
        case closeAfterResponse
        /// The response is out; only the client's side is still open.
        case lingering
    }

    let lingerTimeout: TimeAmount
    private var phase = Phase.open
    private var lingerDeadline: Scheduled<Void>?

    init(lingerTimeout: TimeAmount = .seconds(10)) {
        self.lingerTimeout = lingerTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard phase != .lingering else { return }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        context.write(data, promise: promise)
        switch part {
        case .head(let response):
            if phase == .open, Self.asksToClose(response.headerFields) { phase = .closeAfterResponse }
        case .body:
            break
        case .end:
            guard phase == .closeAfterResponse else { return }
            phase = .lingering
            context.flush()
            // NIO shuts the sending side only after the writes before it went out.
            context.close(mode: .output, promise: nil)
            lingerDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: lingerTimeout) {
                context.close(promise: nil)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelLingerDeadline()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelLingerDeadline()
    }

    private func cancelLingerDeadline() {
        lingerDeadline?.cancel()
        lingerDeadline = nil
    }

    /// Whether `Connection` lists the `close` option (it is a comma-separated token list).
    static func asksToClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }
}
