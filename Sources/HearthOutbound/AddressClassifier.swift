/// Decides whether an address may be the destination of a request to a user-supplied URL.
public enum AddressClassifier {
    /// The reason `address` is refused, or nil when it is globally routable.
    public static func blockedCategory(of address: IPAddress) -> AddressCategory? {
        switch address {
        case .v4:
            return BlockedAddressRanges.ipv4.first { $0.0.contains(address) }?.1
        case .v6(let high, let low):
            // The kernel sends ::ffff:a.b.c.d over IPv4 and 6to4 relays decapsulate to the
            // embedded IPv4, so both are only as safe as the address inside them.
            if BlockedAddressRanges.ipv4Mapped.contains(address) {
                return blockedCategory(of: .v4(UInt32(truncatingIfNeeded: low)))
            }
            if BlockedAddressRanges.sixToFour.contains(address) {
                return blockedCategory(of: .v4(UInt32(truncatingIfNeeded: high >> 16)))
            }
            if let category = BlockedAddressRanges.ipv6.first(where: { $0.0.contains(address) })?.1 {
                return category
            }
            return BlockedAddressRanges.globalUnicast.contains(address) ? nil : .notGlobalUnicast
        }
    }

    public static func isGloballyRoutable(_ address: IPAddress) -> Bool {
        blockedCategory(of: address) == nil
    }
}
