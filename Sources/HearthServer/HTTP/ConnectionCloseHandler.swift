import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Ends an HTTP/1 connection after a response that carries `Connection: close`, or the
/// platform's internal ``closeMark`` (turned into `Connection: close` on the way out).
///
/// Hummingbird closes a connection only when the *request* asked for it. Hearth also ends
/// one when it refuses a request without handling its body (a body over the limit, see
/// ``BodyLimitMiddleware``): a client that writes its whole body before reading would
/// otherwise wait for ever on a connection that never ends.
///
/// The close is graceful:
/// - While the refused request's body is still arriving, the answer is held back and the
///   body read and thrown away (Hummingbird drains it), at most for `holdTimeout`. A client
///   still writing when it reads `Connection: close` may fail its own write instead of
///   showing the 413 (AsyncHTTPClient does), and closing with unread data resets the
///   connection, which can destroy the answer before the client reads it.
/// - Once the answer is out, the server shuts its sending side, so the client reads the
///   answer and then end-of-stream; the connection ends completely when the client closes
///   its side, or `lingerTimeout` later whatever the client does.
final class ConnectionCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        case open
        /// The response says close; its parts wait until the request has arrived whole.
        case holding
        /// The response says close and the request has arrived: parts go straight out.
        case closeAfterResponse
        /// The response is out and the sending side shut; only the client's side is open.
        case lingering
    }

    /// The internal header that asks for the connection to end after this response.
    public static let closeMark = HTTPField.Name.known("X-Hearth-Close-Connection")

    let holdTimeout: TimeAmount
    let lingerTimeout: TimeAmount
    private var phase = Phase.open
    /// Whether the request being answered has arrived whole.
    private var requestEnded = false
    private var held: [(part: HTTPResponsePart, promise: EventLoopPromise<Void>?)] = []
    private var deadline: Scheduled<Void>?

    init(holdTimeout: TimeAmount = .seconds(5), lingerTimeout: TimeAmount = .seconds(10)) {
        self.holdTimeout = holdTimeout
        self.lingerTimeout = lingerTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: requestEnded = false
        case .body: break
        case .end: requestEnded = true
        }
        guard phase != .lingering else { return }  // no longer a request: thrown away
        context.fireChannelRead(data)
        if phase == .holding, requestEnded { release(context: context) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var part = unwrapOutboundIn(data)
        if context.channel.parent?.parent != nil {
            // An HTTP/2 stream (a child of a connection, itself a child of the listener):
            // the response ends the stream and the connection goes on, and `Connection` is
            // not an HTTP/2 header.
            if case .head(var response) = part {
                response.headerFields[Self.closeMark] = nil
                response.headerFields[.connection] = nil
                part = .head(response)
            }
            context.write(wrapOutboundOut(part), promise: promise)
            return
        }
        if case .head(var response) = part, phase == .open {
            let marked = response.headerFields[Self.closeMark] != nil
            response.headerFields[Self.closeMark] = nil
            if marked || Self.asksToClose(response.headerFields) {
                response.headerFields[.connection] = "close"
                phase = requestEnded ? .closeAfterResponse : .holding
                if phase == .holding {
                    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: holdTimeout) { [self] in
                        release(context: context)
                    }
                }
            }
            part = .head(response)
        }
        switch phase {
        case .holding:
            held.append((part, promise))
        case .open, .closeAfterResponse, .lingering:
            send(part, promise: promise, context: context)
        }
    }

    /// Sends what was held, and from now on sends as it comes.
    private func release(context: ChannelHandlerContext) {
        guard phase == .holding else { return }
        cancelDeadline()
        phase = .closeAfterResponse
        let parts = held
        held = []
        for (part, promise) in parts { send(part, promise: promise, context: context) }
        context.flush()
    }

    private func send(_ part: HTTPResponsePart, promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(part), promise: promise)
        guard case .end = part, phase == .closeAfterResponse else { return }
        phase = .lingering
        context.flush()
        // NIO shuts the sending side only after the writes before it went out.
        context.close(mode: .output, promise: nil)
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: lingerTimeout) {
            context.close(promise: nil)
        }
    }

    func flush(context: ChannelHandlerContext) {
        guard phase != .holding else { return }
        context.flush()
    }

    func channelInactive(context: ChannelHandlerContext) {
        dropHeldParts()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        dropHeldParts()
    }

    private func dropHeldParts() {
        cancelDeadline()
        let parts = held
        held = []
        for (_, promise) in parts { promise?.fail(ChannelError.ioOnClosedChannel) }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    /// Whether `Connection` lists the `close` option (it is a comma-separated token list).
    static func asksToClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }
}
