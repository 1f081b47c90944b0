import HearthStore
import Logging
import ServiceLifecycle

/// Relays feed notices written by other `hearth` processes on the same PostgreSQL
/// database (`NOTIFY hearth_feed`) to this process's ``FeedHub``, so a client learns of a
/// change within a second whichever process it is connected to. Reconnects with backoff.
public struct FeedBroadcastListener: Service {
    public let database: PostgresDatabase
    public let hub: FeedHub
    public let logger: Logger

    public init(database: PostgresDatabase, hub: FeedHub, logger: Logger) {
        self.database = database
        self.hub = hub
        self.logger = logger
    }

    public func run() async throws {
        let hub = hub
        var pause = Duration.seconds(1)
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                try await cancelWhenGracefulShutdown {
                    try await database.listen(on: FeedBroadcast.channel) { payload in
                        guard let notice = FeedBroadcast.decode(payload) else { return }
                        hub.feedsDidGrow(app: notice.app, to: notice.seqByUser)
                    }
                }
                pause = .seconds(1)
            } catch {
                if Task.isShuttingDownGracefully || Task.isCancelled { break }
                logger.warning("realtime relay lost its PostgreSQL connection; retrying in \(pause)", metadata: ["error": "\(error)"])
                let wait = pause
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
                pause = min(pause * 2, .seconds(30))
            }
        }
    }
}
