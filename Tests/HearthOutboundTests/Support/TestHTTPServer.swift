import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A small HTTP/1.1 server on 127.0.0.1 with the routes the fetcher tests need. It counts
/// hits per path, so a test can show that a blocked request never reached it.
final class TestHTTPServer: Sendable {
    /// Responses are written straight to the channel and each write awaited, so a write
    /// completes only once the kernel took the bytes: real back-pressure for the streams.
    typealias Outbound = Channel

    struct Stream: Sendable, Equatable {
        var bytesWritten = 0
        var finished = false
        var aborted = false
    }

    private struct State {
        var hits: [String: Int] = [:]
        var redirects: [String: String] = [:]
        var hugeStream = Stream()
    }

    static let hugeTotal = 64 * 1024 * 1024
    static let declaredTotal = 10 * 1024 * 1024
    static let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + Array(repeating: 0x42, count: 1000)

    let port: Int
    private let scheme: String
    private let state = NIOLockedValueBox(State())

    private init(port: Int, scheme: String) {
        self.port = port
        self.scheme = scheme
    }

    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    func hits(_ path: String) -> Int { state.withLockedValue { $0.hits[path, default: 0] } }

    var hugeStream: Stream { state.withLockedValue { $0.hugeStream } }

    /// Makes `path` answer `302 Found` with `Location: location`.
    func redirect(_ path: String, to location: String) {
        state.withLockedValue { $0.redirects[path] = location }
    }

    @discardableResult
    /// Serves plain HTTP, or HTTPS when given a TLS context.
    static func withServer<T>(tls: NIOSSLContext? = nil, _ body: (TestHTTPServer) async throws -> T) async throws -> T {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
                    }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        let server = TestHTTPServer(port: listener.channel.localAddress?.port ?? 0, scheme: tls == nil ? "http" : "https")
        let accepting = Task {
            try await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { try? await server.serve(connection) }
                    }
                }
            }
        }
        do {
            let result = try await body(server)
            accepting.cancel()
            _ = await accepting.result
            return result
        } catch {
            accepting.cancel()
            _ = await accepting.result
            throw error
        }
    }

    private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async throws {
        try await connection.executeThenClose { inbound, _ in
            var head: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    head = requestHead
                case .body:
                    continue
                case .end:
                    guard let request = head else { continue }
                    head = nil
                    try await respond(to: request, connection.channel)
                }
            }
        }
    }

    private func respond(to request: HTTPRequestHead, _ out: Outbound) async throws {
        let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "")
        let redirect = state.withLockedValue { state in
            state.hits[path, default: 0] += 1
            return state.redirects[path]
        }
        if let redirect {
            return try await send(out, .found, headers: [("Location", redirect)])
        }
        switch path {
        case "/page":
            try await send(out, .ok, headers: [("Content-Type", "text/html; charset=utf-8")], body: "<html>hello</html>")
        case "/echo-host":
            try await send(out, .ok, body: request.headers.first(name: "host") ?? "")
        case "/echo-headers":
            let lines = request.headers.map { "\($0.name.lowercased()): \($0.value)" }
            try await send(out, .ok, body: lines.joined(separator: "\n"))
        case "/secret":
            try await send(out, .ok, body: "secret")
        case "/loop":
            try await send(out, .found, headers: [("Location", "/loop")])
        case _ where path.hasPrefix("/chain/"):
            let remaining = Int(path.dropFirst("/chain/".count)) ?? 0
            if remaining > 0 {
                try await send(out, .found, headers: [("Location", "/chain/\(remaining - 1)")])
            } else {
                try await send(out, .ok, body: "end of chain")
            }
        case "/moved": try await send(out, .movedPermanently, headers: [("Location", "/page")])
        case "/see-other": try await send(out, .seeOther, headers: [("Location", "/page")])
        case "/temporary": try await send(out, .temporaryRedirect, headers: [("Location", "/page")])
        case "/permanent": try await send(out, .permanentRedirect, headers: [("Location", "/page")])
        case "/deep/er/relative": try await send(out, .found, headers: [("Location", "../../page")])
        case "/no-location": try await send(out, .found)
        case "/image.png":
            try await send(out, .ok, headers: [("Content-Type", "image/png")], body: ByteBuffer(bytes: Self.png))
        case "/vector.svg":
            try await send(out, .ok, headers: [("Content-Type", "image/svg+xml")], body: "<svg/>")
        case "/huge":
            try await streamHuge(out)
        case "/huge-declared":
            try await out.writeAndFlush(HTTPServerResponsePart.head(HTTPResponseHead(
                version: .http1_1, status: .ok, headers: ["Content-Length": "\(Self.declaredTotal)"])))
            try await writeChunks(total: Self.declaredTotal, to: out) { _ in }
            try await out.writeAndFlush(HTTPServerResponsePart.end(nil))
        case "/slow":
            try await Task.sleep(for: .seconds(5))
            try await send(out, .ok, body: "late")
        case "/slow-body":
            try await out.writeAndFlush(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
            for _ in 0..<200 {
                try await out.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: "."))))
                try await Task.sleep(for: .milliseconds(50))
            }
            try await out.writeAndFlush(HTTPServerResponsePart.end(nil))
        default:
            try await send(out, .notFound, body: "not found")
        }
    }

    /// Streams up to `hugeTotal` bytes, chunked, with the writer's back-pressure, recording
    /// how far it got before the client went away.
    private func streamHuge(_ out: Outbound) async throws {
        state.withLockedValue { $0.hugeStream = Stream() }
        do {
            try await out.writeAndFlush(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
            try await writeChunks(total: Self.hugeTotal, to: out) { written in
                state.withLockedValue { $0.hugeStream.bytesWritten = written }
            }
            try await out.writeAndFlush(HTTPServerResponsePart.end(nil))
            state.withLockedValue { $0.hugeStream.finished = true }
        } catch {
            state.withLockedValue { $0.hugeStream.aborted = true }
            throw error
        }
    }

    private func writeChunks(total: Int, to out: Outbound, progress: (Int) -> Void) async throws {
        let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)
        var written = 0
        while written < total {
            try await out.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(chunk)))
            written += chunk.readableBytes
            progress(written)
        }
    }

    private func send(
        _ out: Outbound, _ status: HTTPResponseStatus, headers: [(String, String)] = [], body: String = ""
    ) async throws {
        try await send(out, status, headers: headers, body: ByteBuffer(string: body))
    }

    private func send(
        _ out: Outbound, _ status: HTTPResponseStatus, headers: [(String, String)] = [], body: ByteBuffer
    ) async throws {
        var responseHeaders = HTTPHeaders(headers)
        responseHeaders.replaceOrAdd(name: "Content-Length", value: "\(body.readableBytes)")
        try await out.writeAndFlush(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: responseHeaders)))
        if body.readableBytes > 0 { try await out.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(body))) }
        try await out.writeAndFlush(HTTPServerResponsePart.end(nil))
    }
}
