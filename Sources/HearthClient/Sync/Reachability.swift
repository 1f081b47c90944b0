import Synchronization

/// Tells the sync engine whether the network is usable. `updates()` yields the current
/// state first, then every change.
public protocol Reachability: Sendable {
    func updates() -> AsyncStream<Bool>
}

/// Reachability set by its owner: an app bridging its platform's network monitor, the
/// command line (always reachable; failures show as offline), or a test.
public final class ManualReachability: Reachability {
    private let state: Mutex<(reachable: Bool, observers: [Int: AsyncStream<Bool>.Continuation], next: Int)>

    public init(reachable: Bool = true) {
        state = Mutex((reachable, [:], 0))
    }

    public var isReachable: Bool { state.withLock { $0.reachable } }

    public func set(_ reachable: Bool) {
        let observers = state.withLock { state -> [AsyncStream<Bool>.Continuation] in
            guard state.reachable != reachable else { return [] }
            state.reachable = reachable
            return Array(state.observers.values)
        }
        for observer in observers { observer.yield(reachable) }
    }

    public func updates() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.next
            state.next += 1
            state.observers[id] = continuation
            continuation.yield(state.reachable)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }
}

#if canImport(Network)
import Network

/// Reachability from the system's network path monitor (Apple platforms).
public final class NetworkPathReachability: Reachability {
    public init() {}

    public func updates() -> AsyncStream<Bool> {
        AsyncStream { continuation in
            let monitor = NWPathMonitor()
            monitor.pathUpdateHandler = { path in continuation.yield(path.status == .satisfied) }
            continuation.onTermination = { _ in monitor.cancel() }
            monitor.start(queue: DispatchQueue(label: "hearth.reachability"))
        }
    }
}
#endif
