import HearthCore

/// Codes a catalogue recently said it does not know, so repeated scans of an unknown code
/// do not ask again. Bounded: when full, the entry closest to expiry makes room.
actor NegativeLookupCache {
    private let lifetimeSeconds: Int64
    private let capacity: Int
    private let clock: any WallClock
    private var expiries: [String: Timestamp] = [:]

    init(lifetimeSeconds: Int64 = 600, capacity: Int = 4096, clock: any WallClock) {
        self.lifetimeSeconds = lifetimeSeconds
        self.capacity = max(1, capacity)
        self.clock = clock
    }

    /// Whether `code` was reported unknown within the lifetime.
    func isKnownMissing(_ code: String) -> Bool {
        guard let expiry = expiries[code] else { return false }
        if clock.now < expiry { return true }
        expiries[code] = nil
        return false
    }

    func recordMissing(_ code: String) {
        let now = clock.now
        if expiries[code] == nil, expiries.count >= capacity {
            expiries = expiries.filter { now < $0.value }
            if expiries.count >= capacity, let oldest = expiries.min(by: { $0.value < $1.value })?.key {
                expiries[oldest] = nil
            }
        }
        expiries[code] = now.adding(seconds: lifetimeSeconds)
    }

    var count: Int { expiries.count }
}
