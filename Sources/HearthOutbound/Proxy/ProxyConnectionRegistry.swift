import NIOConcurrencyHelpers
import NIOCore

/// The browser connections a proxy is serving: enforces the concurrency cap and lets
/// shutdown close them, since closing the listening socket leaves accepted ones open.
final class ProxyConnectionRegistry: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var isOpen = true
    }

    private let limit: Int
    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { state.withLockedValue { $0.channels.count } }

    /// Registers `channel` and returns true, or returns false when the proxy is full or
    /// shutting down. An admitted channel leaves the registry when it closes.
    func admit(_ channel: any Channel) -> Bool {
        let id = ObjectIdentifier(channel)
        let admitted = state.withLockedValue { state in
            guard state.isOpen, state.channels.count < limit else { return false }
            state.channels[id] = channel
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { [self] _ in
                _ = state.withLockedValue { $0.channels.removeValue(forKey: id) }
            }
        }
        return admitted
    }

    /// Refuses further connections and returns the open ones.
    func closeAdmission() -> [any Channel] {
        state.withLockedValue { state in
            state.isOpen = false
            return Array(state.channels.values)
        }
    }
}
