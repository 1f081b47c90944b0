import NIOCore
import NIOHTTP1

/// A request the proxy answered itself instead of forwarding: the status the browser sees,
/// a short stable reason (for logs and metrics) and the host it was about.
///
/// The proxy writes these responses as raw bytes because once a connection may become a
/// tunnel there is no HTTP encoder in its pipeline, and one code path for every answer
/// keeps the framing (`Content-Length`, `Connection: close`) the same everywhere.
struct ProxyRefusal: Error, Sendable, Equatable {
    let status: HTTPResponseStatus
    /// Stable and short: `blocked-address`, `port-not-allowed`, `malformed-request`, …
    let reason: String
    /// The target host as the client wrote it, or empty when the request had none.
    let host: String

    /// The response sent to the client; the connection is closed right after it.
    var response: ByteBuffer {
        let body = reason + "\n"
        var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        text += "Content-Type: text/plain; charset=utf-8\r\n"
        text += "Content-Length: \(body.utf8.count)\r\n"
        text += "Connection: close\r\n"
        if status == .methodNotAllowed { text += "Allow: GET, HEAD, CONNECT\r\n" }
        text += "\r\n" + body
        return ByteBuffer(string: text)
    }

    /// Writes the answer, then shuts down only the sending side. Closing outright while
    /// the client's request is still arriving would make the kernel reset the connection,
    /// and a reset can destroy the answer before the client reads it; so the rest of the
    /// input is read and dropped until the client closes or the idle timeout hits.
    func send(on context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(NIOAny(response)).whenComplete { _ in
            channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
        }
    }

    static func malformed(_ host: String = "") -> ProxyRefusal {
        ProxyRefusal(status: .badRequest, reason: "malformed-request", host: host)
    }

    static let headerTooLarge = ProxyRefusal(status: .requestHeaderFieldsTooLarge, reason: "header-too-large", host: "")
    static let tooManyConnections = ProxyRefusal(status: .serviceUnavailable, reason: "too-many-connections", host: "")

    /// Maps the checks shared with ``OutboundFetcher`` onto proxy answers.
    init(_ error: OutboundError, host: String) {
        switch error {
        case .invalidURL: self.init(status: .badRequest, reason: "invalid-target", host: host)
        case .blockedAddress: self.init(status: .forbidden, reason: "blocked-address", host: host)
        case .unresolvableHost: self.init(status: .badGateway, reason: "unresolvable-host", host: host)
        case .timeout: self.init(status: .gatewayTimeout, reason: "timeout", host: host)
        default: self.init(status: .badGateway, reason: "upstream-unavailable", host: host)
        }
    }

    init(status: HTTPResponseStatus, reason: String, host: String) {
        self.status = status
        self.reason = reason
        self.host = host
    }
}
