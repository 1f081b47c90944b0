import Foundation
import HearthCore

/// The server's realtime notices (`…/sync/events`, Server-Sent Events): yields the feed
/// position each time the user's feed grows, so a client pulls at once instead of waiting
/// for its next periodic sync.
public struct RealtimeEvents: Sendable {
    public var path: String

    public init(path: String = "api/hearth/v1/sync/events") {
        self.path = path
    }

    public func positions(from api: HearthAPI) async throws -> AsyncThrowingStream<Int64, any Error> {
        var request = try api.makeRequest(.get, path)
        request.headers["Accept"] = "text/event-stream"
        let chunks = try await api.session.stream(request)
        return AsyncThrowingStream { continuation in
            let reader = Task {
                var parser = ServerSentEventParser()
                do {
                    for try await chunk in chunks {
                        for data in parser.feed(chunk) {
                            if let event = try? JSONValueDecoder().decode(SyncEvent.self, from: Array(data.utf8)) {
                                continuation.yield(event.seq)
                            }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reader.cancel() }
        }
    }
}

/// Splits a Server-Sent Events byte stream into the `data` of each event.
struct ServerSentEventParser {
    private var buffer = Data()
    private var data: [String] = []

    mutating func feed(_ chunk: Data) -> [String] {
        buffer.append(chunk)
        var events: [String] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex...newline)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.isEmpty {
                if !data.isEmpty { events.append(data.joined(separator: "\n")) }
                data.removeAll()
            } else if line.hasPrefix("data:") {
                data.append(String(line.dropFirst(5).drop(while: { $0 == " " })))
            }
        }
        return events
    }
}
