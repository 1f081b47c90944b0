import HearthOutbound
import NIOPosix

extension OutboundPolicy {
    /// Production limits, with the loopback test server's address allow-listed.
    static var loopback: OutboundPolicy {
        var policy = OutboundPolicy()
        policy.allowedPrivateHosts = ["127.0.0.1"]
        // Generous budgets: on a loaded CI machine six loopback hops once took over 15 s
        // (address lookups queue on a thread pool busy with password hashing). Tests of
        // the limits set their own.
        policy.totalTimeout = .seconds(120)
        policy.connectTimeout = .seconds(60)
        return policy
    }

    func with(_ change: (inout OutboundPolicy) -> Void) -> OutboundPolicy {
        var copy = self
        change(&copy)
        return copy
    }
}

func makeFetcher(_ policy: OutboundPolicy = .loopback, resolver: (any HostResolver)? = nil) -> OutboundFetcher {
    OutboundFetcher(
        policy: policy,
        eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
        resolver: resolver ?? SystemHostResolver(threadPool: .singleton)
    )
}
