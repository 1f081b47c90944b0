import Synchronization

/// A first-come-first-served counting semaphore: bounds how much of something costly runs
/// at once (browser tabs, requests to one shop) so a burst queues rather than swamps.
///
/// Waiters are resumed strictly in arrival order so an early caller is never starved by
/// later ones. A cancelled waiter leaves the queue and gets `CancellationError`.
public final class FairSemaphore: Sendable {
    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        let count: Int
        var available: Int
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        /// Waiter ids cancelled before they managed to enqueue.
        var cancelledEarly: Set<UInt64> = []
    }

    private let state: Mutex<State>

    /// Runs `body` holding one slot.
    public func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// How many callers wait for a slot.
    public var waitingCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Whether nobody holds a slot or waits for one.
    public var isIdle: Bool {
        state.withLock { $0.waiters.isEmpty && $0.available == $0.count }
    }

    /// - Parameter count: how many holders at once; at least 1.
    public init(count: Int) {
        state = Mutex(State(count: max(1, count), available: max(1, count)))
    }

    /// Waits for a free slot. Pair every successful call with one ``release()``.
    public func acquire() async throws {
        let id: UInt64? = state.withLock { state in
            if state.available > 0 && state.waiters.isEmpty {
                state.available -= 1
                return nil
            }
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return true }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                    return state.waiters.remove(at: index)
                }
                state.cancelledEarly.insert(id)
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Hands the slot to the longest waiting caller, or returns it to the pool.
    public func release() {
        let next: Waiter? = state.withLock { state in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }
}
