import HearthClient
import HearthCore

/// Runs syncs for one account: read the household (`GET auth/me`), replay the queue,
/// then pull. The household comes first because the server applies every request to the
/// user's current household: a queue made for another one must not reach it.
///
/// One sync at a time. A caller arriving while one runs gets a fresh sync right after it
/// (its changes may have been written after the running one sent the queue); every caller
/// arriving meanwhile shares that one follow-up.
///
/// A failed sync keeps everything queued; ``retryDelay`` says how long to wait before the
/// next automatic attempt (exponential backoff with jitter), and ``sync(retrying:)`` waits
/// that long itself.
public actor PantryPalSync {
    let store: PantryStore
    let api: PantryPalAPI
    let clock: any WallClock
    let backoff: Backoff
    private var running: Task<SyncReport, any Error>?
    private var followUp: Task<SyncReport, any Error>?
    public private(set) var consecutiveFailures = 0

    init(store: PantryStore, api: PantryPalAPI, clock: any WallClock, backoff: Backoff) {
        self.store = store
        self.api = api
        self.clock = clock
        self.backoff = backoff
    }

    /// Syncs now, or right after the sync already running.
    @discardableResult
    public func sync() async throws -> SyncReport {
        if let followUp { return try await followUp.value }
        guard let current = running else { return try await start() }
        let next = Task {
            _ = try? await current.value
            return try await self.start()
        }
        followUp = next
        return try await next.value
    }

    /// Runs one sync as the current one.
    private func start() async throws -> SyncReport {
        followUp = nil
        let task = Task { try await perform() }
        running = task
        defer { if running == task { running = nil } }
        return try await task.value
    }

    /// Syncs, and after a failure that may pass (network, server trouble) waits the backoff
    /// delay and tries again, up to `attempts` times in all.
    @discardableResult
    public func sync(retrying attempts: Int) async throws -> SyncReport {
        var attempt = 1
        while true {
            do {
                return try await sync()
            } catch let error as ClientError where error.isTransient && attempt < attempts {
                attempt += 1
                try await Task.sleep(for: retryDelay)
            }
        }
    }

    /// How long to wait before retrying after the failures so far.
    public var retryDelay: Duration { backoff.delay(afterFailures: max(consecutiveFailures, 1)) }

    private func perform() async throws -> SyncReport {
        guard await api.session.credentials != nil else { throw PantryPalError.signedOut }
        var report = SyncReport()
        do {
            let me = try MeAnswer(try await api.json(.get, "auth/me"))
            try adopt(me.household)
            if me.household != nil {
                do {
                    try await ActionReplayer(store: store, api: api, clock: clock).run(into: &report)
                } catch ClientError.server(409, ReplayDecision.householdChanged, _) {
                    // The household changed between `auth/me` and the replay: adopt the new
                    // one (dropping this queue) before pulling.
                    try adopt(try MeAnswer(try await api.json(.get, "auth/me")).household)
                }
                try await ChangePuller(store: store, api: api).run(into: &report)
            } else {
                report.hasHousehold = false
            }
            consecutiveFailures = 0
            try store.setState(.lastSyncAt, clock.now.iso8601)
            try store.setState(.lastError, nil)
            return report
        } catch {
            consecutiveFailures += 1
            try? store.setState(.lastError, String(describing: error))
            throw error
        }
    }

    /// Stores the household the server reports. Another household than the one this device
    /// holds (joined elsewhere, or left) means the local copy and the queue belong to the
    /// old one: both are dropped (see ``PantryStore/adoptHousehold(_:)``).
    func adopt(_ household: Household?) throws {
        try store.adoptHousehold(household)
    }
}
