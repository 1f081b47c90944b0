import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// A tiny SMTP server on loopback for the mail sender's tests: it speaks just enough
/// ESMTP (EHLO, STARTTLS, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, QUIT), records every command
/// it got (prefixed `tls:` once encrypted) and every message's raw DATA lines.
final class FakeSMTPServer: Sendable {
    struct Options: Sendable {
        /// Offer STARTTLS with this context (nil: no TLS).
        var tls: NIOSSLContext?
        var authMechanisms = ["PLAIN", "LOGIN"]
        var user = "mailer"
        var password = "s3cret"
        /// Greets and then never answers again (to test timeouts).
        var stallAfterGreeting = false
        var refuseRecipient = false
    }

    let options: Options
    private let log = Mutex<(commands: [String], messages: [[String]])>(([], []))

    init(_ options: Options) { self.options = options }

    var commands: [String] { log.withLock { $0.commands } }
    var messages: [[String]] { log.withLock { $0.messages } }

    func record(command: String) { log.withLock { $0.commands.append(command) } }
    func record(message: [String]) { log.withLock { $0.messages.append(message) } }

    /// Serves on `127.0.0.1:<port>` until `body` returns.
    func run<T: Sendable>(_ body: @Sendable (_ port: Int) async throws -> T) async throws -> T {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FakeSMTPSession(server: self))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        do {
            let result = try await body(port)
            try? await channel.close()
            return result
        } catch {
            try? await channel.close()
            throw error
        }
    }
}

/// One connection's side of the fake conversation.
private final class FakeSMTPSession: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    enum State {
        case command
        case data([String])
        case loginUser
        case loginPassword(String)
    }

    let server: FakeSMTPServer
    var buffer: [UInt8] = []
    var state = State.command
    var encrypted = false

    init(server: FakeSMTPServer) { self.server = server }

    func channelActive(context: ChannelHandlerContext) {
        send("220 fake.test ESMTP ready", context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        buffer.append(contentsOf: unwrapInboundIn(data).readableBytesView)
        while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            handle(String(decoding: line, as: UTF8.self), context: context)
        }
    }

    private func send(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text + "\r\n")), promise: nil)
    }

    private func handle(_ line: String, context: ChannelHandlerContext) {
        switch state {
        case .data(var lines):
            if line == "." {
                server.record(message: lines)
                state = .command
                send("250 2.0.0 queued", context: context)
            } else {
                lines.append(line)
                state = .data(lines)
            }
            return
        case .loginUser:
            server.record(command: (encrypted ? "tls:" : "") + "<user>")
            state = .loginPassword(String(decoding: Data(base64Encoded: line) ?? Data(), as: UTF8.self))
            send("334 UGFzc3dvcmQ6", context: context)
            return
        case .loginPassword(let user):
            server.record(command: (encrypted ? "tls:" : "") + "<password>")
            let password = String(decoding: Data(base64Encoded: line) ?? Data(), as: UTF8.self)
            state = .command
            send(user == server.options.user && password == server.options.password ? "235 ok" : "535 bad credentials", context: context)
            return
        case .command:
            break
        }
        server.record(command: (encrypted ? "tls:" : "") + line)
        if server.options.stallAfterGreeting { return }
        let verb = line.split(separator: " ").first.map { $0.uppercased() } ?? ""
        switch verb {
        case "EHLO":
            var lines = ["250-fake.test greets you"]
            if server.options.tls != nil, !encrypted { lines.append("250-STARTTLS") }
            if !server.options.authMechanisms.isEmpty { lines.append("250-AUTH " + server.options.authMechanisms.joined(separator: " ")) }
            lines.append("250 8BITMIME")
            send(lines.joined(separator: "\r\n"), context: context)
        case "STARTTLS":
            guard let tls = server.options.tls, !encrypted else { return send("502 no", context: context) }
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "220 go ahead\r\n"))).whenSuccess {
                try? channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
            }
            encrypted = true
        case "AUTH":
            let parts = line.split(separator: " ").map(String.init)
            if parts.count >= 3, parts[1].uppercased() == "PLAIN" {
                let decoded = String(decoding: Data(base64Encoded: parts[2]) ?? Data(), as: UTF8.self)
                let ok = decoded == "\u{0}\(server.options.user)\u{0}\(server.options.password)"
                send(ok ? "235 ok" : "535 bad credentials", context: context)
            } else if parts.count >= 2, parts[1].uppercased() == "LOGIN" {
                state = .loginUser
                send("334 VXNlcm5hbWU6", context: context)
            } else {
                send("504 unsupported", context: context)
            }
        case "MAIL": send("250 ok", context: context)
        case "RCPT": send(server.options.refuseRecipient ? "550 no such user" : "250 ok", context: context)
        case "DATA":
            state = .data([])
            send("354 end with .", context: context)
        case "QUIT":
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "221 bye\r\n"))).whenComplete { _ in context.close(promise: nil) }
        default: send("500 what", context: context)
        }
    }
}
