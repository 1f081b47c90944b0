import Synchronization

/// Thrown by ``withTimeout(_:operation:)`` when the operation took too long.
public struct TimeoutError: Error, Sendable, CustomStringConvertible {
    public let limit: Duration
    public var description: String { "timed out after \(limit)" }
}

/// Runs `operation` and returns its result, or throws ``TimeoutError`` once `limit` has
/// passed, whichever comes first.
///
/// Unlike a task group, this returns at the deadline even when the operation ignores
/// cancellation (a connection pool waiting for a server that is gone): the operation is
/// cancelled and left to finish on its own.
public func withTimeout<T: Sendable>(
    _ limit: Duration, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = Mutex<CheckedContinuation<T, any Error>?>(nil)
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        outcome.withLock { $0 = continuation }
        let finish: @Sendable (Result<T, any Error>) -> Void = { result in
            outcome.withLock { pending in
                pending?.resume(with: result)
                pending = nil
            }
        }
        let work = Task {
            do {
                finish(.success(try await operation()))
            } catch {
                finish(.failure(error))
            }
        }
        Task {
            try? await Task.sleep(for: limit)
            finish(.failure(TimeoutError(limit: limit)))
            work.cancel()
        }
    }
}
