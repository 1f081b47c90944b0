import NIOCore
import NIOHTTP1

/// Serves one browser connection: reads one proxy request, checks its destination,
/// connects to the checked address and turns the connection into a relay.
///
/// Pipeline while the request is read: idle timer → ``ProxyByteLimitHandler`` → HTTP
/// request decoder → this. When the upstream connection is up, this handler, the limit and
/// the decoder are replaced by a ``ProxyRelayHandler``; any bytes the decoder held back
/// after a `CONNECT` (a TLS hello sent early) are handed on to the relay.
final class ProxyConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    static let decoderName = "proxy.decoder"

    private enum State {
        case awaitingHead
        /// Resolving, checking and connecting; later parts (`.end`, pipelined requests)
        /// are ignored.
        case checking
        case relaying
        case closed
    }

    private let settings: ProxySettings
    private var state = State.awaitingHead

    init(settings: ProxySettings) {
        self.settings = settings
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .awaitingHead = state else { return }
        guard case .head(let head) = Self.unwrapInboundIn(data) else {
            return refuse(.malformed(), context: context)
        }
        state = .checking
        let request: ProxyRequest
        do {
            request = try ProxyRequest(head, policy: settings.policy)
        } catch {
            return refuse(error, context: context)
        }
        check(request, context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch state {
        case .awaitingHead where context.channel.isActive:
            // The decoder could not parse the request. (On a closing channel the error is
            // the decoder meeting the end of a cut-off request: nothing to answer.)
            refuse(.malformed(), context: context)
        case .awaitingHead:
            state = .closed
        case .checking, .relaying, .closed:
            state = .closed
            context.close(promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            state = .closed
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state = .closed
        context.fireChannelInactive()
    }

    // MARK: steps

    /// Resolution is async and may block a thread, so it runs in a task; its verdict comes
    /// back to this event loop through a promise.
    private func check(_ request: ProxyRequest, context: ChannelHandlerContext) {
        let settings = self.settings
        let destination = request.destination
        let verdict = context.eventLoop.makePromise(of: Result<IPAddress, ProxyRefusal>.self)
        verdict.completeWithTask {
            await destination.checkedAddress(resolver: settings.resolver, policy: settings.policy)
        }
        verdict.futureResult.assumeIsolated().whenSuccess { result in
            guard case .checking = self.state else { return }
            switch result {
            case .failure(let refusal): self.refuse(refusal, context: context)
            case .success(let address): self.connect(request, to: address, context: context)
            }
        }
    }

    private func connect(_ request: ProxyRequest, to address: IPAddress, context: ChannelHandlerContext) {
        let relay = ProxyRelayHandler.pair(tunnel: request.isTunnel)
        let destination = request.destination
        ProxyUpstream.connect(
            to: address, port: destination.port, request: request, relay: relay.upstream,
            settings: settings, on: context.eventLoop
        )
        .assumeIsolated()
        .whenComplete { result in
            switch result {
            case .success(let upstream):
                guard case .checking = self.state else {
                    upstream.close(promise: nil)
                    return
                }
                self.startRelay(request, upstream: upstream, clientRelay: relay.client, context: context)
            case .failure(let error):
                guard case .checking = self.state else { return }
                let timedOut = (error as? ChannelError).map { if case .connectTimeout = $0 { true } else { false } } ?? false
                self.refuse(
                    timedOut
                        ? ProxyRefusal(.timeout, host: destination.host)
                        : ProxyRefusal(status: .badGateway, reason: "connect-failed", host: destination.host),
                    context: context)
            }
        }
    }

    private func startRelay(
        _ request: ProxyRequest, upstream: any Channel, clientRelay: ProxyRelayHandler, context: ChannelHandlerContext
    ) {
        state = .relaying
        switch request {
        case .tunnel:
            context.writeAndFlush(
                Self.wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")), promise: nil)
        case .forward(_, let head):
            upstream.write(HTTPClientRequestPart.head(head), promise: nil)
            upstream.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        }
        let pipeline = context.pipeline.syncOperations
        do {
            try pipeline.addHandler(clientRelay)
            pipeline.removeHandler(context: context, promise: nil)
            pipeline.removeHandler(name: ProxyByteLimitHandler.name, promise: nil)
            // Removed last, so bytes it held after a CONNECT go to the relay.
            pipeline.removeHandler(name: Self.decoderName, promise: nil)
        } catch {
            upstream.close(promise: nil)
            context.close(promise: nil)
        }
    }

    private func refuse(_ refusal: ProxyRefusal, context: ChannelHandlerContext) {
        state = .closed
        settings.recorder.record(refusal)
        refusal.send(on: context)
    }
}

extension ProxyRequest {
    var isTunnel: Bool {
        if case .tunnel = self { true } else { false }
    }
}
