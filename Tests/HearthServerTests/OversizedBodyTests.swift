import Foundation
import HearthTesting
import Testing

/// A request whose body is over the limit is answered 413 and its connection closed, so a
/// client that writes its whole body before reading gets the answer and then the end of
/// the stream, not a connection that waits for ever (nor a reset that loses the answer).
@Suite struct OversizedBodyTests {
    /// Sixteen times the notes app's 64 KiB limit: more than the socket buffers hold, so the
    /// client's writes only finish if the server goes on reading after it answered.
    static let bodyBytes = 1024 * 1024

    @Test func aBodyDeclaredOverTheLimitIsAnswered413AndItsConnectionClosed() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let body = Self.jsonString(bytes: Self.bodyBytes)
            let head = "POST /notes/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            let answer = try await RawHTTPConnection.exchange(port: server.port, writing: [Array(head.utf8), body])
            Self.expectOne413ThenClose(answer)
        }
    }

    @Test func aChunkedBodyThatGrowsOverTheLimitIsAnswered413AndItsConnectionClosed() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let head = "POST /notes/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            let body = Self.jsonString(bytes: Self.bodyBytes)
            var parts = [Array(head.utf8)]
            for start in stride(from: 0, to: body.count, by: 16 * 1024) {
                let chunk = body[start..<min(start + 16 * 1024, body.count)]
                parts.append(Array(String(chunk.count, radix: 16).utf8) + [13, 10] + chunk + [13, 10])
            }
            parts.append(Array("0\r\n\r\n".utf8))
            let answer = try await RawHTTPConnection.exchange(port: server.port, writing: parts)
            Self.expectOne413ThenClose(answer)
        }
    }

    /// A JSON string of exactly `bytes` bytes.
    static func jsonString(bytes: Int) -> [UInt8] {
        [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "x"), count: bytes - 2) + [UInt8(ascii: "\"")]
    }

    /// `answer` is everything read until the server closed: one 413 that announced the
    /// close, and no trace of the platform's internal close mark.
    static func expectOne413ThenClose(_ answer: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (head, _) = split(answer)
        #expect(head.first?.hasPrefix("HTTP/1.1 413 ") == true, "\(head)", sourceLocation: sourceLocation)
        #expect(head.contains { $0.lowercased() == "connection: close" }, "\(head)", sourceLocation: sourceLocation)
        #expect(!head.contains { $0.lowercased().hasPrefix("x-hearth") }, "\(head)", sourceLocation: sourceLocation)
        #expect(answer.contains("PAYLOAD_TOO_LARGE"), sourceLocation: sourceLocation)
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one response only", sourceLocation: sourceLocation)
    }

    /// The status line and header lines, and the rest.
    static func split(_ answer: String) -> (head: [String], body: String) {
        guard let end = answer.range(of: "\r\n\r\n") else { return (answer.components(separatedBy: "\r\n"), "") }
        return (answer[..<end.lowerBound].components(separatedBy: "\r\n"), String(answer[end.upperBound...]))
    }
}
