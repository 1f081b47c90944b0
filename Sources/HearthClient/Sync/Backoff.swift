/// Exponential backoff with jitter: after the n-th consecutive failure wait a random
/// time between half and all of `base · 2ⁿ⁻¹`, capped at `maximum`, so many clients
/// that failed together do not retry together.
public struct Backoff: Sendable, Hashable {
    public var base: Duration
    public var maximum: Duration

    public init(base: Duration = .seconds(1), maximum: Duration = .seconds(60)) {
        self.base = base
        self.maximum = maximum
    }

    public func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)
        let full = min(base * (1 << exponent), maximum)
        return full * Double.random(in: 0.5...1.0, using: &generator)
    }

    public func delay(afterFailures failures: Int) -> Duration {
        var generator = SystemRandomNumberGenerator()
        return delay(afterFailures: failures, using: &generator)
    }
}
