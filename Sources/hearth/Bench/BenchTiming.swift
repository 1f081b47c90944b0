/// How long `body` took.
func timed(_ body: () async throws -> Void) async throws -> Duration {
    let start = ContinuousClock.now
    try await body()
    return ContinuousClock.now - start
}

/// Runs `count` workers at once until `seconds` have passed. Each repeats `step`, which
/// returns the latency of what it measures, or `nil` when it failed.
func runWorkers(
    count: Int, for seconds: Double, step: @escaping @Sendable (_ worker: Int) async -> Duration?
) async -> (samples: LatencySamples, errors: Int, elapsed: Double) {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    let started = ContinuousClock.now
    let (samples, errors) = await withTaskGroup(of: (LatencySamples, Int).self) { group in
        for worker in 0..<count {
            group.addTask {
                var samples = LatencySamples()
                var errors = 0
                while ContinuousClock.now < deadline {
                    if let latency = await step(worker) { samples.add(latency) } else { errors += 1 }
                }
                return (samples, errors)
            }
        }
        var all = LatencySamples()
        var errors = 0
        for await (samples, failed) in group {
            all.add(contentsOf: samples)
            errors += failed
        }
        return (all, errors)
    }
    return (samples, errors, (ContinuousClock.now - started).seconds)
}
