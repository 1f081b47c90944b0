import NIOConcurrencyHelpers

/// Runs `operation` and returns its result, or ``OutboundError/timeout`` once `limit` has
/// passed, whichever comes first.
///
/// Unlike a task group this returns at the deadline even while the operation is stuck in
/// something that ignores cancellation (a blocking `getaddrinfo`): the operation is
/// cancelled and left to finish, and clean up, on its own.
func withDeadline<T: Sendable>(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async -> Result<T, OutboundError>
) async -> Result<T, OutboundError> {
    let race = DeadlineRace<T>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, OutboundError>, Never>) in
            race.start(
                continuation: continuation,
                work: Task { race.finish(await operation()) },
                timer: Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(.timeout))
                })
        }
    } onCancel: {
        race.finish(.failure(.transport("cancelled")))
    }
}

/// The first of the operation, the timer and a cancellation resumes the caller; the other
/// tasks are cancelled.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<T, OutboundError>, Never>?
        var outcome: Result<T, OutboundError>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = NIOLockedValueBox(State())

    func start(
        continuation: CheckedContinuation<Result<T, OutboundError>, Never>,
        work: Task<Void, Never>,
        timer: Task<Void, Never>
    ) {
        let early: Result<T, OutboundError>? = state.withLockedValue { state in
            state.tasks = [work, timer]
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early {
            work.cancel()
            timer.cancel()
            continuation.resume(returning: early)
        }
    }

    func finish(_ outcome: Result<T, OutboundError>) {
        let (continuation, tasks) = state.withLockedValue { state in
            guard state.outcome == nil else {
                return (CheckedContinuation<Result<T, OutboundError>, Never>?.none, [Task<Void, Never>]())
            }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: outcome)
    }
}
