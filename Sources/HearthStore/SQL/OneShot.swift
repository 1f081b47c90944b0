import Synchronization

/// A value delivered once by one task and awaited by another, whichever comes first.
final class OneShot<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, Never>?)
        case delivered(Value)
    }

    private let state = Mutex(State.waiting(nil))

    /// Delivers `value`; later deliveries are ignored.
    func deliver(_ value: Value) {
        let waiter: CheckedContinuation<Value, Never>? = state.withLock { state in
            guard case .waiting(let waiter) = state else { return nil }
            state = .delivered(value)
            return waiter
        }
        waiter?.resume(returning: value)
    }

    /// The delivered value, waiting for it if need be (only one task may wait).
    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready: Value? = state.withLock { state in
                    switch state {
                    case .waiting:
                        state = .waiting(continuation)
                        return nil
                    case .delivered(let value):
                        return value
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
