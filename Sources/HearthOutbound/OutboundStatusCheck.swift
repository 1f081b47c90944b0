import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix

/// Asks a user-supplied URL for its status code, with one request and no redirect
/// followed: a link checker's question ("does this link still answer?"), not a fetch.
///
/// It goes through the same protections as ``OutboundFetcher``: the URL must pass
/// ``OutboundTarget``'s syntactic checks, every address of its host must pass
/// ``OutboundFetcher/choose(from:host:allowListed:)``, and the connection is pinned to the
/// checked address (see ``PinnedExchange``). A redirect is reported as its own status; its
/// `Location` is never visited. The body is not read.
public struct OutboundStatusChecker: Sendable {
    public let policy: OutboundPolicy
    private let eventLoopGroup: any EventLoopGroup
    private let resolver: any HostResolver

    /// - Parameters:
    ///   - eventLoopGroup: where the connections run; the checker does not own it.
    ///   - resolver: the name resolver; ``SystemHostResolver`` in production.
    public init(policy: OutboundPolicy = OutboundPolicy(), eventLoopGroup: any EventLoopGroup, resolver: any HostResolver) {
        self.policy = policy
        self.eventLoopGroup = eventLoopGroup
        self.resolver = resolver
    }

    /// A checker on the system resolver, its lookups run on `threadPool`.
    public init(policy: OutboundPolicy = OutboundPolicy(), eventLoopGroup: any EventLoopGroup, threadPool: NIOThreadPool) {
        self.init(policy: policy, eventLoopGroup: eventLoopGroup, resolver: SystemHostResolver(threadPool: threadPool))
    }

    /// The status `url` answers a `method` request with, whatever it is (a 404 or a 301 is
    /// an answer, not an error).
    ///
    /// - Parameter timeout: the budget for resolution, connection and response head;
    ///   `policy.totalTimeout` when `nil`.
    /// - Throws: ``OutboundError/invalidURL``, ``OutboundError/blockedAddress(host:)``,
    ///   ``OutboundError/unresolvableHost``, ``OutboundError/timeout`` or
    ///   ``OutboundError/transport(_:)``.
    public func status(of url: String, method: HTTPMethod = .HEAD, timeout: Duration? = nil) async throws(OutboundError) -> Int {
        let target = try OutboundTarget(url, policy: policy)
        let limit = timeout ?? policy.totalTimeout
        let deadline = NIODeadline.now() + TimeAmount(limit)
        let outcome = await withDeadline(limit) { [self] in
            do throws(OutboundError) {
                let address = try await self.checkedAddress(of: target)
                return await self.exchange(target, method: method, pinnedTo: address, deadline: deadline)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private func checkedAddress(of target: OutboundTarget) async throws(OutboundError) -> IPAddress {
        let addresses = if let literal = target.literal { [literal] } else { try await resolver.resolve(target.host) }
        return try OutboundFetcher.choose(from: addresses, host: target.host, allowListed: target.isAllowListed)
    }

    /// One request on a short-lived client pinned to `address` (see ``PinnedExchange``).
    private func exchange(
        _ target: OutboundTarget, method: HTTPMethod, pinnedTo address: IPAddress, deadline: NIODeadline
    ) async -> Result<Int, OutboundError> {
        let client = PinnedExchange.client(for: target, pinnedTo: address, policy: policy, eventLoopGroup: eventLoopGroup)

        var request = HTTPClientRequest(url: target.url)
        request.method = method
        request.headers.add(name: "User-Agent", value: policy.userAgent)
        request.headers.add(name: "Accept", value: "*/*")
        request.headers.add(name: "Accept-Encoding", value: "identity")
        let outcome: Result<Int, OutboundError>
        do {
            let response = try await client.execute(request, deadline: deadline)
            outcome = .success(Int(response.status.code))
        } catch {
            outcome = .failure(PinnedExchange.map(error))
        }
        try? await client.shutdown()
        return outcome
    }
}
