import HearthOutbound

/// Answers from a fixed table; names not in it are unresolvable.
struct StubResolver: HostResolver {
    let table: [String: [String]]

    func resolve(_ host: String) async throws(OutboundError) -> [IPAddress] {
        guard let entries = table[host.lowercased()] else { throw .unresolvableHost }
        return entries.compactMap(IPAddress.init)
    }
}
