/// What a clock-driven run of workers did; see ``runOnSchedule(count:every:for:step:)``.
struct ScheduledRun: Sendable {
    var samples = LatencySamples()
    var errors = 0
    /// Starts that fell due before the run ended.
    var dueStarts = 0
    /// Due starts that were not made because the same worker's previous step was still running.
    var lateStarts = 0
    var elapsed = 0.0
}

/// Runs `count` workers on a clock until `seconds` have passed: each starts `step` once
/// every `interval`, give or take 20 % (drawn afresh each time), with the first start of
/// each worker spread over the first interval. The schedule never waits for the work: a
/// step that runs long does not move the next start, and a start that falls due while
/// the worker's previous step is still running is skipped and counted as late. `step`
/// returns the latency of what it measures, or `nil` when it failed.
func runOnSchedule(
    count: Int, every interval: Duration, for seconds: Double, step: @escaping @Sendable (_ worker: Int) async -> Duration?
) async -> ScheduledRun {
    let started = ContinuousClock.now
    let deadline = started + .milliseconds(Int(seconds * 1000))
    var run = await withTaskGroup(of: ScheduledRun.self) { group in
        for worker in 0..<count {
            group.addTask {
                let tally = WorkerTally()
                var due = started + interval * Double.random(in: 0..<1)
                await withTaskGroup(of: Void.self) { steps in
                    while due < deadline {
                        try? await Task.sleep(until: due, clock: .continuous)
                        if await tally.begin() {
                            steps.addTask { await tally.end(await step(worker)) }
                        }
                        due += interval * Double.random(in: 0.8...1.2)
                    }
                }
                return await tally.run
            }
        }
        var total = ScheduledRun()
        for await run in group {
            total.samples.add(contentsOf: run.samples)
            total.errors += run.errors
            total.dueStarts += run.dueStarts
            total.lateStarts += run.lateStarts
        }
        return total
    }
    run.elapsed = (ContinuousClock.now - started).seconds
    return run
}

/// One worker's side of a scheduled run: whether its step is running, and what it measured.
private actor WorkerTally {
    private(set) var run = ScheduledRun()
    private var isRunning = false

    /// Whether a step may start now; counts the start as late when one is still running.
    func begin() -> Bool {
        run.dueStarts += 1
        guard !isRunning else {
            run.lateStarts += 1
            return false
        }
        isRunning = true
        return true
    }

    func end(_ latency: Duration?) {
        isRunning = false
        if let latency { run.samples.add(latency) } else { run.errors += 1 }
    }
}
