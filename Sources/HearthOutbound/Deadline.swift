import HearthCore

/// Runs `operation` and returns its result, or ``OutboundError/timeout`` once `limit` has
/// passed, whichever comes first — HearthCore's `withTimeout`, which returns at the
/// deadline even while the operation is stuck in something that ignores cancellation (a
/// blocking `getaddrinfo`); the operation is cancelled and left to clean up on its own.
func withDeadline<T: Sendable>(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async -> Result<T, OutboundError>
) async -> Result<T, OutboundError> {
    do {
        return try await withTimeout(limit) { await operation() }
    } catch is TimeoutError {
        return .failure(.timeout)
    } catch {
        return .failure(.transport("cancelled"))
    }
}
