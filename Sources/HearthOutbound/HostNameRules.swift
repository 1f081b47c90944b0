/// Syntactic and name-based checks on a URL host, applied before any resolution.
enum HostNameRules {
    /// Suffixes of names that only ever mean something inside a private network.
    static let localSuffixes = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa"]

    enum Verdict: Equatable {
        /// An IPv4 or IPv6 literal in canonical form.
        case literal(IPAddress)
        /// A DNS name that may be resolved.
        case name
    }

    /// `host` is the host as Foundation's URL reports it (percent-decoded) with IPv6
    /// brackets trimmed, which is also what AsyncHTTPClient will connect to.
    static func check(_ host: String, allowListed: Bool) throws(OutboundError) -> Verdict {
        var host = host.lowercased()
        if host.contains(":") {
            // IPv6 literal; inet_pton rejects zone ids ("fe80::1%eth0") and junk.
            guard let address = IPAddress(host), case .v6 = address else { throw .invalidURL }
            return .literal(address)
        }
        let written = host
        if host.hasSuffix(".") { host.removeLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, host.utf8.count <= 253,
            labels.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 63 }),
            host.utf8.allSatisfy(isHostByte)
        else { throw .invalidURL }

        if let last = labels.last, isNumericLabel(last) {
            // No top-level domain is numeric, so this is meant as an IPv4 address. Only the
            // canonical dotted quad is accepted: `getaddrinfo` would read `2130706433`,
            // `0177.0.0.1` or `0x7f.1` as 127.0.0.1, and other parsers may disagree with it.
            guard let address = IPAddress(written), case .v4 = address, address.description == written else {
                throw .invalidURL
            }
            return .literal(address)
        }
        if !allowListed, isLocalName(host) { throw .blockedAddress(host: host) }
        return .name
    }

    /// `localhost`, the reserved local suffixes, and single-label names, which the system
    /// resolver completes with its search domains into internal names.
    static func isLocalName(_ host: String) -> Bool {
        host == "localhost" || !host.contains(".") || localSuffixes.contains { host.hasSuffix($0) }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    static func isNumericLabel(_ label: Substring) -> Bool {
        if label.allSatisfy(\.isASCIIDigit) { return true }
        let lower = label.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy(\.isHexDigit)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
