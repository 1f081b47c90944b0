import NIOConcurrencyHelpers

/// Counts the requests the proxy did not forward and tells the owner about each, so the
/// server can export them as metrics or log them. Shared by every connection of one proxy;
/// the callback is called on an event loop and must not block.
final class ProxyRefusalRecorder: Sendable {
    private let count = NIOLockedValueBox(0)
    private let handler: OutboundProxy.RefusalHandler?

    init(handler: OutboundProxy.RefusalHandler?) {
        self.handler = handler
    }

    var total: Int { count.withLockedValue { $0 } }

    func record(_ refusal: ProxyRefusal) {
        count.withLockedValue { $0 += 1 }
        handler?(refusal.host, refusal.reason)
    }
}
