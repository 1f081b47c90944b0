import HearthOutbound
import Synchronization
import Testing

struct HostConcurrencyLimiterTests {
    @Test func oneHostNeverHasMoreThanItsLimitInFlight() async throws {
        let limiter = HostConcurrencyLimiter(perHost: 2)
        let inFlight = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask {
                    try await limiter.withPermit(host: index.isMultiple(of: 2) ? "Shop.example" : "shop.example") {
                        inFlight.up()
                        for _ in 0..<5 { await Task.yield() }
                        inFlight.down()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(inFlight.most <= 2)
        #expect(limiter.busyHostCount == 0)
    }

    @Test func aBusyHostDoesNotHoldUpAnotherHost() async throws {
        let limiter = HostConcurrencyLimiter(perHost: 1)
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let busy = Task {
            try await limiter.withPermit(host: "slow.example") {
                enter.yield()
                for await _ in release { break }
            }
        }
        for await _ in entered { break }
        let other = try await limiter.withPermit(host: "fast.example") { "answered" }
        #expect(other == "answered")
        #expect(limiter.busyHostCount == 1)
        releaser.yield()
        try await busy.value
        #expect(limiter.busyHostCount == 0)
    }
}

/// How many are inside at once, and the most there ever were.
private final class Gauge: Sendable {
    private let state = Mutex((now: 0, most: 0))
    var most: Int { state.withLock { $0.most } }
    func up() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    func down() { state.withLock { $0.now -= 1 } }
}
