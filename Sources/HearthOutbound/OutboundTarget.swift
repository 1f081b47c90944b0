#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A URL that passed the syntactic checks, split the way AsyncHTTPClient splits it: both
/// use Foundation's `URL`, so the host checked here is the host it connects to.
struct OutboundTarget: Sendable, Equatable {
    let url: String
    let scheme: String
    /// `URL.host` verbatim (percent-decoded, brackets trimmed): the key AsyncHTTPClient
    /// looks up in its `dnsOverride` table.
    let host: String
    let port: Int
    /// Set when the host is an IP literal, which needs no resolution.
    let literal: IPAddress?
    let isAllowListed: Bool

    init(_ string: String, policy: OutboundPolicy) throws(OutboundError) {
        guard string.utf8.count <= policy.maxURLLength, let url = URL(string: string) else {
            throw .invalidURL
        }
        try self.init(url, policy: policy)
    }

    init(_ parsed: URL, policy: OutboundPolicy) throws(OutboundError) {
        // AsyncHTTPClient gets the string and parses it again: check that parse.
        let absolute = parsed.absoluteString
        guard absolute.utf8.count <= policy.maxURLLength, let url = URL(string: absolute),
            let scheme = url.scheme?.lowercased(), policy.allowedSchemes.contains(scheme),
            scheme == "http" || scheme == "https",
            url.user == nil, url.password == nil,
            var host = url.host, !host.isEmpty
        else { throw .invalidURL }
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { throw .invalidURL }

        let allowListed = policy.isAllowListed(host)
        switch try HostNameRules.check(host, allowListed: allowListed) {
        case .literal(let address): self.literal = address
        case .name: self.literal = nil
        }
        self.url = absolute
        self.scheme = scheme
        self.host = host
        self.port = port
        self.isAllowListed = allowListed
    }

    /// Resolves a `Location` header against this URL and validates the result.
    func redirected(to location: String, policy: OutboundPolicy) throws(OutboundError) -> OutboundTarget {
        guard location.utf8.count <= policy.maxURLLength,
            let base = URL(string: url),
            let next = URL(string: location, relativeTo: base)?.absoluteURL
        else { throw .invalidURL }
        return try OutboundTarget(next, policy: policy)
    }
}
