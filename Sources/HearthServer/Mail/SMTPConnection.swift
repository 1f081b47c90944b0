import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// One SMTP reply: its code and the text of each of its lines.
struct SMTPReply: Sendable, Hashable {
    var code: Int
    var lines: [String]

    var isPositive: Bool { (200..<400).contains(code) }
}

/// Splits the server's bytes into lines and lines into replies (`250-…` continues a
/// reply, `250 …` ends it), handing each reply to ``SMTPConnection``.
final class SMTPReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// Longer lines mean the peer is not an SMTP server.
    static let maxLineBytes = 4096
    static let maxLinesPerReply = 100

    private let continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation
    private var buffer: [UInt8] = []
    private var pending: [String] = []

    init(continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        buffer.append(contentsOf: bytes.readableBytesView)
        while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            accept(line, context: context)
        }
        if buffer.count > Self.maxLineBytes { fail(MailDeliveryError("the SMTP server sent an overlong line"), context: context) }
    }

    private func accept(_ line: [UInt8], context: ChannelHandlerContext) {
        guard line.count >= 3, let code = Int(String(decoding: line.prefix(3), as: UTF8.self)), (200...599).contains(code) else {
            fail(MailDeliveryError("the SMTP server sent an unreadable reply"), context: context)
            return
        }
        let text = String(decoding: line.dropFirst(4), as: UTF8.self)
        pending.append(text)
        let continues = line.count > 3 && line[3] == UInt8(ascii: "-")
        if continues, pending.count < Self.maxLinesPerReply { return }
        continuation.yield(SMTPReply(code: code, lines: pending))
        pending = []
    }

    private func fail(_ error: MailDeliveryError, context: ChannelHandlerContext) {
        continuation.finish(throwing: error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish(throwing: MailDeliveryError("the SMTP server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        continuation.finish(throwing: MailDeliveryError("connection failed: \(error)"))
        context.close(promise: nil)
    }
}

/// A connection to an SMTP server: commands out, replies in, and the switch to TLS.
///
/// The whole exchange has one deadline: when it passes, the connection is closed, which
/// ends any wait for a reply with an error.
/// Used by one task at a time (the sending one).
final class SMTPConnection {
    let channel: any Channel
    private var replies: AsyncThrowingStream<SMTPReply, any Error>.AsyncIterator
    private let deadline: Scheduled<Void>

    private init(channel: any Channel, replies: AsyncThrowingStream<SMTPReply, any Error>, deadline: Scheduled<Void>) {
        self.channel = channel
        self.replies = replies.makeAsyncIterator()
        self.deadline = deadline
    }

    static func open(
        host: String, port: Int, implicitTLS: NIOSSLContext?, timeout: TimeAmount, group: any EventLoopGroup
    ) async throws -> SMTPConnection {
        let (replies, continuation) = AsyncThrowingStream.makeStream(of: SMTPReply.self)
        let serverName = SMTPConnection.serverName(host)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let implicitTLS {
                            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: implicitTLS, serverHostname: serverName))
                        }
                        try channel.pipeline.syncOperations.addHandler(SMTPReplyHandler(continuation: continuation))
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            continuation.finish()
            throw MailDeliveryError("cannot connect to \(host):\(port): \(error)")
        }
        let deadline = channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        return SMTPConnection(channel: channel, replies: replies, deadline: deadline)
    }

    /// The next reply.
    func read() async throws -> SMTPReply {
        guard let reply = try await replies.next() else { throw MailDeliveryError("the SMTP server closed the connection") }
        return reply
    }

    /// Sends `line` and CRLF.
    func write(_ line: String) async throws {
        try await writeRaw(line + "\r\n")
    }

    func writeRaw(_ text: String) async throws {
        do {
            try await channel.writeAndFlush(ByteBuffer(string: text))
        } catch {
            throw MailDeliveryError("the connection to the SMTP server failed: \(error)")
        }
    }

    /// Sends `line` and returns the reply, which must have one of `expected` codes.
    @discardableResult
    func command(_ line: String, expect expected: Set<Int>, redacted: String? = nil) async throws -> SMTPReply {
        try await write(line)
        let reply = try await read()
        guard expected.contains(reply.code) else {
            let shown = redacted ?? String(line.prefix(64))
            throw MailDeliveryError("the SMTP server answered \(reply.code) \(reply.lines.first ?? "") to \(shown)")
        }
        return reply
    }

    /// Puts TLS under the SMTP exchange (after the server's `220` to `STARTTLS`).
    func startTLS(_ tls: NIOSSLContext, host: String) async throws {
        let channel = channel
        let serverName = Self.serverName(host)
        try await channel.eventLoop.submit {
            let handler = try NIOSSLClientHandler(context: tls, serverHostname: serverName)
            try channel.pipeline.syncOperations.addHandler(handler, position: .first)
        }.get()
    }

    func close() async {
        deadline.cancel()
        try? await channel.close()
    }

    /// SNI and certificate names are host names, never addresses.
    static func serverName(_ host: String) -> String? {
        let isAddress = host.contains(":") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        return isAddress ? nil : host
    }
}
