import HearthCore
import Testing

@testable import PantryPalServer

/// The memory of unknown barcodes stays bounded and forgets after its lifetime.
@Suite struct NegativeLookupCacheTests {
    @Test func entriesExpireAfterTheirLifetime() async {
        let clock = ManualWallClock()
        let cache = NegativeLookupCache(lifetimeSeconds: 600, clock: clock)
        await cache.recordMissing("12345678")
        clock.advance(seconds: 599)
        #expect(await cache.isKnownMissing("12345678"))
        clock.advance(seconds: 1)
        #expect(await !cache.isKnownMissing("12345678"))
    }

    @Test func aFullCacheEvictsTheOldestEntry() async {
        let clock = ManualWallClock()
        let cache = NegativeLookupCache(capacity: 3, clock: clock)
        for code in ["111111", "222222", "333333", "444444"] {
            await cache.recordMissing(code)
            clock.advance(seconds: 1)
        }
        #expect(await cache.count == 3)
        #expect(await !cache.isKnownMissing("111111"))
        #expect(await cache.isKnownMissing("222222"))
        #expect(await cache.isKnownMissing("444444"))
    }
}
