import AsyncHTTPClient
import NIOCore
import NIOPosix

/// Fetches user-supplied URLs without letting them reach the server's own network: every
/// hop's host is resolved and each of its addresses checked before connecting, redirects
/// are followed here rather than by the HTTP client, and bodies are capped while streaming.
public struct OutboundFetcher: Sendable {
    public let policy: OutboundPolicy
    private let eventLoopGroup: any EventLoopGroup
    private let resolver: any HostResolver
    /// Test seam, applied before the fetcher's own settings (which it cannot undo): lets
    /// tests trust their own certificate authority.
    var configureClient: (@Sendable (inout HTTPClient.Configuration) -> Void)?

    /// - Parameters:
    ///   - eventLoopGroup: where the connections run; the fetcher does not own it.
    ///   - resolver: the name resolver; ``SystemHostResolver`` in production.
    public init(policy: OutboundPolicy = OutboundPolicy(), eventLoopGroup: any EventLoopGroup, resolver: any HostResolver) {
        self.policy = policy
        self.eventLoopGroup = eventLoopGroup
        self.resolver = resolver
    }

    /// GETs `url`, following up to `policy.maxRedirects` redirects, and returns the final
    /// 2xx response with its whole body.
    public func get(_ url: String, accept: String) async throws(OutboundError) -> FetchedResponse {
        try await get(url, accept: accept, maxBodyBytes: policy.maxBodyBytes)
    }

    /// Like ``get(_:accept:)``, but the response must be a raster image (`image/*`, not SVG,
    /// which can carry script) of at most `maxBytes`.
    public func getImage(_ url: String, maxBytes: Int? = nil) async throws(OutboundError) -> FetchedResponse {
        let response = try await get(url, accept: "image/*", maxBodyBytes: maxBytes ?? policy.maxBodyBytes)
        let type = response.mediaType ?? ""
        guard type.hasPrefix("image/"), type != "image/svg+xml" else {
            throw .unsupportedContent(type)
        }
        return response
    }

    private func get(_ url: String, accept: String, maxBodyBytes: Int) async throws(OutboundError) -> FetchedResponse {
        let start = try OutboundTarget(url, policy: policy)
        let exchange = PinnedExchange(
            policy: policy,
            eventLoopGroup: eventLoopGroup,
            accept: accept,
            maxBodyBytes: maxBodyBytes,
            deadline: .now() + TimeAmount(policy.totalTimeout),
            configureClient: configureClient
        )
        let outcome = await withDeadline(policy.totalTimeout) { [self] in
            await self.follow(from: start, exchange: exchange)
        }
        return try outcome.get()
    }

    private func follow(from start: OutboundTarget, exchange: PinnedExchange) async -> Result<FetchedResponse, OutboundError> {
        var target = start
        for _ in 0...max(policy.maxRedirects, 0) {
            do throws(OutboundError) {
                let address = try await checkedAddress(of: target)
                switch try await exchange.run(target, pinnedTo: address).get() {
                case .final(let response):
                    return .success(response)
                case .redirect(let location):
                    target = try target.redirected(to: location, policy: policy)
                }
            } catch {
                return .failure(error)
            }
        }
        return .failure(.tooManyRedirects)
    }

    private func checkedAddress(of target: OutboundTarget) async throws(OutboundError) -> IPAddress {
        if let literal = target.literal {
            return try Self.choose(from: [literal], host: target.host, allowListed: target.isAllowListed)
        }
        let addresses = try await resolver.resolve(target.host)
        return try Self.choose(from: addresses, host: target.host, allowListed: target.isAllowListed)
    }

    /// Every address the host has must be globally routable, since any of them could be
    /// the one connected to; the first (the resolver's preferred) is used.
    static func choose(from addresses: [IPAddress], host: String, allowListed: Bool) throws(OutboundError) -> IPAddress {
        guard let first = addresses.first else { throw .unresolvableHost }
        if !allowListed, addresses.contains(where: { !AddressClassifier.isGloballyRoutable($0) }) {
            throw .blockedAddress(host: host)
        }
        return first
    }
}

extension OutboundFetcher {
    /// A fetcher on the system resolver, its lookups run on `threadPool`.
    public init(policy: OutboundPolicy = OutboundPolicy(), eventLoopGroup: any EventLoopGroup, threadPool: NIOThreadPool) {
        self.init(policy: policy, eventLoopGroup: eventLoopGroup, resolver: SystemHostResolver(threadPool: threadPool))
    }
}
