/// Thrown by ``withTimeout(_:operation:)`` when the operation took too long.
public struct TimeoutError: Error, Sendable, CustomStringConvertible {
    public let limit: Duration
    public var description: String { "timed out after \(limit)" }
}

/// Runs `operation`, cancelling it and throwing ``TimeoutError`` once `limit` has passed.
public func withTimeout<T: Sendable>(
    _ limit: Duration, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimeoutError(limit: limit)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TimeoutError(limit: limit) }
        return first
    }
}
