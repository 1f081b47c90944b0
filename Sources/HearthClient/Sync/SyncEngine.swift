import Foundation
import HearthCore

/// Decides when to sync and makes sure only one sync runs at a time.
///
/// Triggers: ``sync()`` on demand; ``localChange()`` (debounced, 1 s by default); and, once
/// ``start()`` is called, a periodic sync (30 s), a sync when reachability comes back, and a
/// sync when the server's realtime stream says the feed grew. After network failures the
/// next attempt waits with exponential backoff and jitter. ``statusUpdates()`` publishes
/// every change of ``SyncStatus``.
public actor SyncEngine {
    public struct Configuration: Sendable {
        public var debounce: Duration
        public var period: Duration
        public var backoff: Backoff

        public init(debounce: Duration = .seconds(1), period: Duration = .seconds(30), backoff: Backoff = Backoff()) {
            self.debounce = debounce
            self.period = period
            self.backoff = backoff
        }
    }

    public nonisolated let store: LocalStore
    public nonisolated let api: HearthAPI
    let strategy: any SyncStrategy
    let reachability: any Reachability
    let realtime: RealtimeEvents?
    let configuration: Configuration

    public private(set) var status: SyncStatus
    private var observers: [UUID: AsyncStream<SyncStatus>.Continuation] = [:]
    private var running: Task<SyncReport, any Error>?
    /// A sync that is queued behind `running` and has not started yet: later requests join it.
    private var queued: Task<SyncReport, any Error>?
    private var debounced: Task<Void, Never>?
    private var background: [Task<Void, Never>] = []
    private var consecutiveFailures = 0
    private var reachable = true

    public init(
        store: LocalStore, api: HearthAPI, strategy: any SyncStrategy, reachability: any Reachability = ManualReachability(),
        realtime: RealtimeEvents? = nil, configuration: Configuration = Configuration()
    ) {
        self.store = store
        self.api = api
        self.strategy = strategy
        self.reachability = reachability
        self.realtime = realtime
        self.configuration = configuration
        let lastSync = (try? store.state(.lastSyncAt)).flatMap { $0 }.flatMap(Timestamp.init(iso8601:))
        status = .idle(lastSync: lastSync)
    }

    /// The current status, then every change, until the caller stops listening.
    public func statusUpdates() -> AsyncStream<SyncStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: SyncStatus.self)
        let id = UUID()
        observers[id] = continuation
        continuation.yield(status)
        continuation.onTermination = { _ in Task { await self.removeObserver(id) } }
        return stream
    }

    private func removeObserver(_ id: UUID) { observers[id] = nil }

    private func publish(_ next: SyncStatus) {
        guard next != status else { return }
        status = next
        for observer in observers.values { observer.yield(next) }
    }

    /// Syncs now. If a sync is already running this waits for it, then runs a new one, so
    /// the caller's latest local edits are included; callers who ask meanwhile share that
    /// next sync rather than queueing one each.
    @discardableResult
    public func sync() async throws -> SyncReport {
        if let queued { return try await queued.value }
        // Each sync starts when the one before it has ended: a chain, never two at once.
        let previous = running
        let task = Task {
            _ = await previous?.result
            await self.starting()
            return try await self.perform()
        }
        running = task
        queued = task
        return try await task.value
    }

    private func starting() { queued = nil }

    private func perform() async throws -> SyncReport {
        publish(.syncing)
        do {
            let report = try await strategy.synchronize(store, with: api)
            let now = store.clock.now
            try store.setState(.lastSyncAt, now.iso8601)
            try store.setState(.lastError, nil)
            consecutiveFailures = 0
            publish(.idle(lastSync: now))
            return report
        } catch let error as ClientError where error.isTransient {
            consecutiveFailures += 1
            try? store.setState(.lastError, error.description)
            publish(.offline)
            throw error
        } catch {
            consecutiveFailures += 1
            try? store.setState(.lastError, String(describing: error))
            publish(.error(String(describing: error)))
            throw error
        }
    }

    /// Call after every local write: syncs once writes have paused for the debounce time.
    public func localChange() {
        debounced?.cancel()
        let delay = configuration.debounce
        debounced = Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            _ = try? await self.sync()
        }
    }

    /// Starts the periodic, reconnect and realtime triggers (again, after ``stop()``).
    public func start() {
        guard background.isEmpty else { return }
        background.append(Task { await self.runPeriodically() })
        background.append(Task { await self.followReachability() })
        if realtime != nil { background.append(Task { await self.followRealtime() }) }
    }

    /// Stops every trigger and waits for the sync in progress (and any already queued) to
    /// end, so nothing syncs after this returns until the next call.
    public func stop() async {
        for task in background { task.cancel() }
        background.removeAll()
        debounced?.cancel()
        debounced = nil
        _ = await running?.result
    }

    /// The wait before the next periodic attempt: the period, or the backoff after failures.
    func nextDelay() -> Duration {
        consecutiveFailures == 0 ? configuration.period : configuration.backoff.delay(afterFailures: consecutiveFailures)
    }

    private func runPeriodically() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: nextDelay())
            guard !Task.isCancelled else { return }
            if reachable { _ = try? await sync() }
        }
    }

    private func followReachability() async {
        for await now in reachability.updates() {
            guard !Task.isCancelled else { return }
            let was = reachable
            reachable = now
            if !now {
                publish(.offline)
            } else if !was {
                _ = try? await sync()
            }
        }
    }

    private func followRealtime() async {
        guard let realtime else { return }
        var failures = 0
        while !Task.isCancelled {
            do {
                var known = (try? store.state(.cursor)).flatMap { $0 }.flatMap(Int64.init) ?? 0
                for try await position in try await realtime.positions(from: api) {
                    failures = 0
                    // The first notice is the feed's position when the stream opened: it
                    // also tells whether anything changed while the stream was closed.
                    guard position > known else { continue }
                    known = position
                    _ = try? await sync()
                }
            } catch {
                if case ClientError.signedOut = error { return }
            }
            failures += 1
            try? await Task.sleep(for: configuration.backoff.delay(afterFailures: failures))
        }
    }
}
