import NIOHTTP1

/// Headers that describe one connection rather than the message (RFC 9110 §7.6.1), plus
/// the proxy's own credentials. A proxy must not pass them on: `Proxy-Connection` and
/// `Keep-Alive` would describe the browser's connection to us, and `Upgrade` or `TE` could
/// switch the upstream connection into something this proxy does not relay.
enum HopByHopHeaders {
    static let names: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization",
        "te", "trailer", "transfer-encoding", "upgrade",
    ]

    /// `headers` without the hop-by-hop ones, including any that `Connection` names.
    static func removing(from headers: HTTPHeaders) -> HTTPHeaders {
        var dropped = names
        for value in headers[canonicalForm: "connection"] {
            dropped.insert(value.trimmingSpaces.lowercased())
        }
        var kept = HTTPHeaders()
        for (name, value) in headers where !dropped.contains(name.lowercased()) {
            kept.add(name: name, value: value)
        }
        return kept
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
