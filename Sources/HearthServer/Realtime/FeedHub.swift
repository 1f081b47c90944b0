import HearthStore
import Synchronization

/// Tells open `…/sync/events` streams that their user's feed grew.
///
/// Local writes arrive through ``FeedObserver``; on PostgreSQL, writes of other processes
/// arrive through ``FeedBroadcastListener``. A subscriber is told each seq at most once.
public final class FeedHub: FeedObserver, Sendable {
    private struct Subscriber {
        let app: String
        let userID: String
        let continuation: AsyncStream<Int64>.Continuation
        var lastSent: Int64 = 0
    }

    private let subscribers = Mutex<[UInt64: Subscriber]>([:])
    private let nextID = Atomic<UInt64>(0)
    private let metrics: ServerMetrics?

    public init(metrics: ServerMetrics? = nil) {
        self.metrics = metrics
    }

    /// Seq numbers of the user's feed as it grows; ends when the consumer stops iterating.
    public func subscribe(app: String, userID: String) -> AsyncStream<Int64> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int64.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        let count = subscribers.withLock { map in
            map[id] = Subscriber(app: app, userID: userID, continuation: continuation)
            return map.count
        }
        metrics?.recordRealtimeSubscribers(count)
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    public var subscriberCount: Int { subscribers.withLock { $0.count } }

    public func feedsDidGrow(app: String, to seqByUser: [String: Int64]) {
        let targets = subscribers.withLock { map in
            var targets: [(AsyncStream<Int64>.Continuation, Int64)] = []
            for (id, subscriber) in map where subscriber.app == app {
                // The same write can arrive twice (locally and relayed back by PostgreSQL).
                guard let seq = seqByUser[subscriber.userID], seq > subscriber.lastSent else { continue }
                map[id]?.lastSent = seq
                targets.append((subscriber.continuation, seq))
            }
            return targets
        }
        for (continuation, seq) in targets { continuation.yield(seq) }
    }

    /// Ends every stream (server shutdown).
    public func closeAll() {
        let all = subscribers.withLock { map in
            defer { map.removeAll() }
            return Array(map.values)
        }
        for subscriber in all { subscriber.continuation.finish() }
    }

    private func unsubscribe(_ id: UInt64) {
        let count = subscribers.withLock { map in
            map[id] = nil
            return map.count
        }
        metrics?.recordRealtimeSubscribers(count)
    }
}
