/// Why an address is refused as a destination for outbound requests.
public enum AddressCategory: String, Sendable, Hashable, CaseIterable {
    case unspecified
    case loopback
    case privateUse = "private-use"
    case linkLocal = "link-local"
    case sharedAddressSpace = "shared-address-space"
    case ietfProtocolAssignments = "ietf-protocol-assignments"
    case documentation
    case benchmarking
    case multicast
    case reserved
    case broadcast
    case relay6to4 = "6to4-relay-anycast"
    case uniqueLocal = "unique-local"
    case siteLocal = "site-local"
    case ipv4Compatible = "ipv4-compatible"
    case discardOnly = "discard-only"
    case nat64
    case teredo
    /// Outside 2000::/3, the only IPv6 block assigned for global unicast.
    case notGlobalUnicast = "not-global-unicast"
}
