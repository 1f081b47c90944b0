import Foundation
import NIOCore
import NIOPosix

/// Speaks the proxy protocol by hand over loopback, so tests control every byte of the
/// request line and see every byte of the answer.
struct ProxyTestClient {
    struct Response {
        let status: Int
        /// Header lines, names lowercased: `content-length: 18`.
        let headers: [String]
        let body: String

        func header(_ name: String) -> String? {
            let prefix = name.lowercased() + ": "
            return headers.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
    }

    typealias Inbound = NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    typealias Outbound = NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Opens a connection to the proxy and hands its two directions to `body`.
    static func withConnection<T: Sendable>(
        port: Int, _ body: (inout Inbound, Outbound) async throws -> T
    ) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            return try await body(&iterator, outbound)
        }
    }

    /// Sends `request` as written and reads the answer until the proxy closes.
    static func send(_ request: String, port: Int) async throws -> Response {
        try await withConnection(port: port) { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            return parse(try await readToEnd(&inbound))
        }
    }

    static func readToEnd(_ inbound: inout Inbound) async throws -> String {
        var text = ""
        while let chunk = try await inbound.next() { text += String(buffer: chunk) }
        return text
    }

    /// Reads until the end of a response head and returns it with any bytes after it.
    static func readHead(_ inbound: inout Inbound) async throws -> (head: Response, rest: String) {
        var text = ""
        while !text.contains("\r\n\r\n"), let chunk = try await inbound.next() { text += String(buffer: chunk) }
        guard let end = text.range(of: "\r\n\r\n") else { return (parse(text), "") }
        return (parse(String(text[..<end.upperBound])), String(text[end.upperBound...]))
    }

    /// Reads exactly `count` bytes' worth of text.
    static func read(_ count: Int, from inbound: inout Inbound, after start: String = "") async throws -> String {
        var text = start
        while text.utf8.count < count, let chunk = try await inbound.next() { text += String(buffer: chunk) }
        return text
    }

    static func parse(_ text: String) -> Response {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let lines = (parts.first ?? "").components(separatedBy: "\r\n")
        let statusWords = (lines.first ?? "").split(separator: " ")
        let status = statusWords.count > 1 ? Int(statusWords[1]) ?? 0 : 0
        let headers = lines.dropFirst().map { line -> String in
            guard let colon = line.firstIndex(of: ":") else { return line.lowercased() }
            return line[..<colon].lowercased() + line[colon...]
        }
        return Response(status: status, headers: headers, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
