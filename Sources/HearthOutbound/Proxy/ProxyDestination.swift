/// Where a proxied request wants to go, after the syntactic checks and before resolution.
///
/// The verdict on the addresses is the fetcher's own (``HostNameRules`` for the name,
/// ``OutboundFetcher/choose(from:host:allowListed:)`` for the addresses), so the browser's
/// traffic and the server's own link fetches obey exactly one rule.
struct ProxyDestination: Sendable, Equatable {
    /// The host as checked and as given to the resolver.
    let host: String
    let port: Int
    /// Set when the host is an IP literal, which is checked without resolution.
    let literal: IPAddress?
    let isAllowListed: Bool

    init(host: String, port: Int, literal: IPAddress?, isAllowListed: Bool) {
        self.host = host
        self.port = port
        self.literal = literal
        self.isAllowListed = isAllowListed
    }

    /// The destination of an absolute-form request, already validated as a URL.
    init(_ target: OutboundTarget) {
        self.init(host: target.host, port: target.port, literal: target.literal, isAllowListed: target.isAllowListed)
    }

    /// Resolves the host (bounded by `policy.connectTimeout`, since `getaddrinfo` can hang)
    /// and returns the one address to connect to, or why there is none. Every address the
    /// name has must pass, since any of them could be the one a later lookup returns.
    func checkedAddress(resolver: any HostResolver, policy: OutboundPolicy) async -> Result<IPAddress, ProxyRefusal> {
        let host = self.host
        let addresses: [IPAddress]
        if let literal {
            addresses = [literal]
        } else {
            let resolved = await withDeadline(policy.connectTimeout) { () async -> Result<[IPAddress], OutboundError> in
                do throws(OutboundError) {
                    return .success(try await resolver.resolve(host))
                } catch {
                    return .failure(error)
                }
            }
            switch resolved {
            case .success(let found): addresses = found
            case .failure(let error): return .failure(ProxyRefusal(error, host: host))
            }
        }
        do {
            return .success(try OutboundFetcher.choose(from: addresses, host: host, allowListed: isAllowListed))
        } catch {
            return .failure(ProxyRefusal(error, host: host))
        }
    }
}
