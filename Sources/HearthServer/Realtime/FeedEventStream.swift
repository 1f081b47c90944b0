import HearthCore
import HearthStore
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Server-sent events telling one user that their feed grew: `data: {"seq": n}` at once
/// with the latest seq, again whenever it grows (from any process, through ``FeedHub``),
/// and a comment line every `heartbeat` so proxies keep the connection. Served to apps
/// at `…/sync/events` (Bearer token) and to an app's web pages (session cookie).
public struct FeedEventStream: Sendable {
    public let hub: FeedHub
    public let documents: DocumentStore
    public let heartbeat: Duration

    public init(hub: FeedHub, documents: DocumentStore, heartbeat: Duration = .seconds(20)) {
        self.hub = hub
        self.documents = documents
        self.heartbeat = heartbeat
    }

    public func response(userID: String) async throws -> Response {
        let updates = hub.subscribe(app: documents.app, userID: userID)
        let latest = try await documents.latestSeq(for: userID)
        let heartbeat = heartbeat
        let body = ResponseBody { writer in
            try await writer.write(Self.event(seq: latest))
            let (ticks, tick) = AsyncStream.makeStream(of: Int64?.self, bufferingPolicy: .bufferingNewest(8))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await seq in updates { tick.yield(seq) }
                    tick.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: heartbeat)
                        tick.yield(nil)
                    }
                }
                try await withGracefulShutdownHandler {
                    for await next in ticks {
                        try await writer.write(next.map(Self.event(seq:)) ?? ByteBuffer(string: ": keep-alive\n\n"))
                    }
                } onGracefulShutdown: {
                    tick.finish()
                }
                group.cancelAll()
            }
            try await writer.finish(nil)
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: body)
    }

    static func event(seq: Int64) -> ByteBuffer {
        ByteBuffer(string: "data: {\"seq\":\(seq)}\n\n")
    }
}
