import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

/// Token buckets in the store the server uses on each engine (memory on SQLite, the
/// database on PostgreSQL) behave the same.
@Suite struct RateLimitTests {
    private func withLimiter(
        _ engine: TestEngine, limit: Int = 3, windowSeconds: Int = 60,
        _ body: (Limits) async throws -> Void
    ) async throws {
        try await TestDatabase.with(engine, migrations: HearthPlatform.platformMigrations) { database in
            try await body(Limits(store: HearthPlatform.rateLimitStore(for: database), rule: RateLimitRule(limit: limit, windowSeconds: windowSeconds)))
        }
    }

    struct Limits {
        let store: any RateLimitStore
        let rule: RateLimitRule
        let clock = ManualWallClock()

        func limiter(_ name: String) -> RateLimiter { RateLimiter(name: name, rule: rule, store: store, clock: clock) }
    }

    @Test(arguments: TestEngine.available)
    func aKeySpendsItsLimitThenWaitsForTheRefill(engine: TestEngine) async throws {
        try await withLimiter(engine, limit: 3, windowSeconds: 60) { (limits: Limits) async throws in
            let limiter = limits.limiter("logins")
            for _ in 1...3 { #expect(try await limiter.consume("alice") == .allowed) }
            #expect(try await limiter.consume("alice") == .limited(retryAfterSeconds: 20))
            #expect(try await limiter.consume("bob") == .allowed, "another key has its own bucket")
            limits.clock.advance(seconds: 19)
            #expect(try await limiter.consume("alice") == .limited(retryAfterSeconds: 1))
            limits.clock.advance(seconds: 1)
            #expect(try await limiter.consume("alice") == .allowed)
            #expect(try await limiter.consume("alice") != .allowed)
        }
    }

    @Test(arguments: TestEngine.available)
    func checkingSpendsNothingAndARefundGivesOneBackUpToTheLimit(engine: TestEngine) async throws {
        try await withLimiter(engine, limit: 2) { (limits: Limits) async throws in
            let limiter = limits.limiter("invites")
            for _ in 1...5 { #expect(try await limiter.check("carol") == .allowed) }
            try await limiter.refund("carol")
            try await limiter.refund("carol")
            #expect(try await limiter.consume("carol") == .allowed)
            #expect(try await limiter.consume("carol") == .allowed)
            #expect(try await limiter.check("carol") != .allowed, "refunds never raise a bucket above its limit")
            try await limiter.refund("carol")
            #expect(try await limiter.consume("carol") == .allowed)
        }
    }

    @Test(arguments: TestEngine.available)
    func limitersWithDifferentNamesNeverShareABucket(engine: TestEngine) async throws {
        try await withLimiter(engine, limit: 1) { (limits: Limits) async throws in
            #expect(try await limits.limiter("a.logins").consume("dave") == .allowed)
            #expect(try await limits.limiter("a.logins").consume("dave") != .allowed)
            #expect(try await limits.limiter("b.logins").consume("dave") == .allowed)
        }
    }

    @Test(arguments: TestEngine.available)
    func fullBucketsAreForgottenAndStartFull(engine: TestEngine) async throws {
        try await withLimiter(engine, limit: 2, windowSeconds: 10) { (limits: Limits) async throws in
            let limiter = limits.limiter("lookups")
            #expect(try await limiter.consume("erin") == .allowed)
            #expect(try await limiter.consume("erin") == .allowed)
            limits.clock.advance(seconds: 10)
            try await limiter.store.forgetFullBuckets(now: limits.clock.now)
            #expect(try await limiter.consume("erin") == .allowed)
            #expect(try await limiter.consume("erin") == .allowed)
            #expect(try await limiter.consume("erin") != .allowed)
        }
    }

    @Test(arguments: TestEngine.available)
    func aClockSteppedBackNeverRefillsTheSameTimeTwice(engine: TestEngine) async throws {
        try await withLimiter(engine, limit: 2, windowSeconds: 60) { (limits: Limits) async throws in
            let limiter = limits.limiter("logins")
            let start = limits.clock.now
            #expect(try await limiter.consume("gina") == .allowed)
            #expect(try await limiter.consume("gina") == .allowed)
            limits.clock.set(start.adding(seconds: 30))
            #expect(try await limiter.consume("gina") == .allowed, "30 s refilled one")
            limits.clock.set(start)
            #expect(try await limiter.consume("gina") != .allowed)
            limits.clock.set(start.adding(seconds: 30))
            #expect(try await limiter.consume("gina") != .allowed, "those 30 s were already refilled")
            limits.clock.set(start.adding(seconds: 60))
            #expect(try await limiter.consume("gina") == .allowed)
        }
    }

    /// What several processes on one PostgreSQL share: each process has its own store
    /// over the database, and the buckets are still one.
    @Test(arguments: TestEngine.available.filter { $0 == .postgres })
    func processesSharingADatabaseShareEveryBucket(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestDatabase.with(engine, migrations: HearthPlatform.platformMigrations) { database in
            let rule = RateLimitRule(limit: 5, windowSeconds: 60)
            let processes = (0..<3).map { _ in
                RateLimiter(name: "wishwithme.auth-per-account", rule: rule, store: HearthPlatform.rateLimitStore(for: database), clock: clock)
            }
            var allowed = 0
            for attempt in 0..<15 where try await processes[attempt % 3].consume("victim@example.com") == .allowed {
                allowed += 1
            }
            #expect(allowed == 5)
        }
    }

    @Test(arguments: TestEngine.available)
    func concurrentAttemptsNeverOverrunTheLimit(engine: TestEngine) async throws {
        try await withLimiter(engine, limit: 7) { (limits: Limits) async throws in
            let limiter = limits.limiter("logins")
            let allowed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<40 { group.addTask { try await limiter.consume("frank") == .allowed } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(allowed == 7)
        }
    }
}
