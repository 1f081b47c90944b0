#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address range written as `address` or `address/prefix`.
public struct IPRange: Sendable, Hashable {
    let network: [UInt8]
    let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard let address = IPRange.bytes(of: parts[0]) else { return nil }
        let bits = address.count * 8
        if parts.count == 2 {
            guard let prefix = Int(parts[1]), (0...bits).contains(prefix) else { return nil }
            prefixLength = prefix
        } else {
            prefixLength = bits
        }
        network = address
    }

    public func contains(_ addressText: String) -> Bool {
        guard var address = IPRange.bytes(of: addressText) else { return false }
        // An IPv4 peer seen through an IPv6 socket (::ffff:a.b.c.d) matches IPv4 ranges.
        if address.count == 16, network.count == 4, address[0..<12].elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) {
            address = Array(address[12...])
        }
        guard address.count == network.count else { return false }
        var remaining = prefixLength
        for index in 0..<address.count where remaining > 0 {
            let bits = min(8, remaining)
            let mask: UInt8 = bits == 8 ? 0xFF : ~(0xFF >> UInt8(bits))
            if address[index] & mask != network[index] & mask { return false }
            remaining -= bits
        }
        return true
    }

    /// The 4 or 16 bytes of an IP address, or `nil` when `text` is not one.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}

/// Decides which address a request came from.
///
/// The peer's address, unless the peer is a trusted proxy: then the right-most entry of
/// `X-Forwarded-For` that is not itself a trusted proxy (entries to its left could have
/// been written by the client, so they are never believed).
public struct ClientAddressResolver: Sendable {
    public let trustedProxies: [IPRange]

    public init(trustedProxies: [IPRange]) {
        self.trustedProxies = trustedProxies
    }

    public func clientAddress(peer: String?, forwardedFor: [String]) -> String? {
        guard let peer, isTrusted(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() where !hop.isEmpty {
            guard IPRange.bytes(of: hop) != nil else { return peer }
            if !isTrusted(hop) { return hop }
        }
        return hops.first(where: { IPRange.bytes(of: $0) != nil }) ?? peer
    }

    private func isTrusted(_ address: String) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}
