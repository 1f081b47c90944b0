import NIOHTTP1

/// What a client asked the proxy for, decided from the request line and headers alone.
///
/// Only the two forms a browser uses with an HTTP proxy are accepted: `CONNECT host:port`
/// (authority-form) for https, and `GET`/`HEAD http://host/path` (absolute-form) for plain
/// http. An origin-form request (`GET /path`) would make the proxy act as a server, and an
/// absolute `https://` target would need the proxy to speak TLS, so both are refused.
enum ProxyRequest: Sendable, Equatable {
    /// A byte tunnel to the destination, opened once the destination is checked.
    case tunnel(ProxyDestination)
    /// One request forwarded in origin form; `head` is what is sent upstream.
    case forward(ProxyDestination, head: HTTPRequestHead)

    /// Ports a tunnel may reach on a public host. A tunnel carries any protocol, so without
    /// this a page could make the server talk SMTP or Redis to someone else's machine.
    static let tunnelPorts: Set<Int> = [80, 443]

    var destination: ProxyDestination {
        switch self {
        case .tunnel(let destination), .forward(let destination, _): destination
        }
    }

    init(_ head: HTTPRequestHead, policy: OutboundPolicy) throws(ProxyRefusal) {
        switch head.method {
        case .CONNECT:
            self = .tunnel(try Self.tunnelDestination(head.uri, policy: policy))
        case .GET, .HEAD:
            self = try Self.forward(head, policy: policy)
        default:
            guard Self.isAbsoluteHTTP(head.uri) else { throw .malformed() }
            throw ProxyRefusal(status: .methodNotAllowed, reason: "method-not-allowed", host: "")
        }
    }

    // MARK: CONNECT

    /// `authority` is `host:port` or `[v6]:port`; the port is required.
    static func tunnelDestination(_ authority: String, policy: OutboundPolicy) throws(ProxyRefusal) -> ProxyDestination {
        guard let (written, port) = splitAuthority(authority) else { throw .malformed(authority) }
        let host = written.lowercased()
        let allowListed = policy.isAllowListed(host)
        let verdict: HostNameRules.Verdict
        do {
            verdict = try HostNameRules.check(host, allowListed: allowListed)
        } catch {
            throw ProxyRefusal(error, host: host)
        }
        guard allowListed || tunnelPorts.contains(port) else {
            throw ProxyRefusal(status: .forbidden, reason: "port-not-allowed", host: host)
        }
        var literal: IPAddress?
        if case .literal(let address) = verdict { literal = address }
        return ProxyDestination(host: host, port: port, literal: literal, isAllowListed: allowListed)
    }

    static func splitAuthority(_ authority: String) -> (host: String, port: Int)? {
        let host: Substring
        let portText: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            guard rest.hasPrefix(":"), host.contains(":") else { return nil }
            portText = rest.dropFirst()
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            host = parts[0]
            portText = parts[1]
        }
        guard !host.isEmpty, (1...5).contains(portText.utf8.count),
            portText.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let port = Int(portText), (1...65535).contains(port)
        else { return nil }
        return (String(host), port)
    }

    // MARK: absolute-form

    private static let httpPrefix = "http://"

    static func isAbsoluteHTTP(_ uri: String) -> Bool {
        uri.lowercased().hasPrefix(httpPrefix)
    }

    /// Parses the target with ``OutboundTarget`` (the fetcher's URL rules) and rewrites the
    /// request for the origin server: origin-form path, `Host` from the checked URL, no
    /// hop-by-hop or proxy headers, and `Connection: close` because each client connection
    /// carries exactly one request.
    static func forward(_ head: HTTPRequestHead, policy: OutboundPolicy) throws(ProxyRefusal) -> ProxyRequest {
        guard isAbsoluteHTTP(head.uri) else {
            let isHTTPS = head.uri.lowercased().hasPrefix("https://")
            throw ProxyRefusal(status: .badRequest, reason: isHTTPS ? "https-needs-connect" : "malformed-request", host: "")
        }
        let target: OutboundTarget
        do {
            target = try OutboundTarget(head.uri, policy: policy)
        } catch {
            var host = ""
            if case .blockedAddress(let blocked) = error { host = blocked }
            throw ProxyRefusal(error, host: host)
        }
        guard target.scheme == "http" else { throw .malformed(target.host) }
        if head.headers.contains(name: "transfer-encoding")
            || head.headers.first(name: "content-length").map({ $0 != "0" }) == true
        {
            // GET and HEAD carry no body in practice; not forwarding one keeps this simple.
            throw ProxyRefusal(status: .badRequest, reason: "request-body-not-supported", host: target.host)
        }

        var headers = HopByHopHeaders.removing(from: head.headers)
        headers.remove(name: "host")
        let bracketed = target.host.contains(":") ? "[\(target.host)]" : target.host
        headers.add(name: "Host", value: target.port == 80 ? bracketed : "\(bracketed):\(target.port)")
        headers.add(name: "Connection", value: "close")
        let upstream = HTTPRequestHead(version: .http1_1, method: head.method, uri: originForm(of: head.uri), headers: headers)
        return .forward(ProxyDestination(target), head: upstream)
    }

    /// `http://host:port/a?b#c` → `/a?b`. The authority ends at the first `/`, `?` or `#`
    /// (RFC 3986 §3.2); the destination comes from the parsed URL, not from this.
    static func originForm(of uri: String) -> String {
        let afterScheme = uri.dropFirst(httpPrefix.count)
        guard let start = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return "/" }
        var rest = afterScheme[start...]
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if rest.isEmpty { return "/" }
        return rest.hasPrefix("?") ? "/" + rest : String(rest)
    }
}
