import Synchronization

/// Thrown by ``withTimeout(_:operation:)`` when the operation took too long.
public struct TimeoutError: Error, Sendable, CustomStringConvertible {
    public let limit: Duration
    public var description: String { "timed out after \(limit)" }
}

/// Runs `operation` and returns its result, or throws ``TimeoutError`` once `limit` has
/// passed, whichever comes first. Cancelling the caller cancels the operation.
///
/// Unlike a task group, this returns at the deadline even when the operation ignores
/// cancellation (a connection pool waiting for a server that is gone): the operation is
/// cancelled and left to finish on its own.
public func withTimeout<T: Sendable>(
    _ limit: Duration, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = TimeoutRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            race.start(
                continuation: continuation,
                work: Task {
                    do {
                        race.finish(.success(try await operation()))
                    } catch {
                        race.finish(.failure(error))
                    }
                },
                timer: Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(TimeoutError(limit: limit)))
                })
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The first of the operation, the timer and a cancellation to finish resumes the caller;
/// the other two are cancelled.
private final class TimeoutRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var outcome: Result<T, any Error>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
        let early: Result<T, any Error>? = state.withLock { state in
            state.tasks = [work, timer]
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early {
            work.cancel()
            timer.cancel()
            continuation.resume(with: early)
        }
    }

    func finish(_ outcome: Result<T, any Error>) {
        let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: outcome)
    }
}
