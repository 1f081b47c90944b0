/// The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6
/// address by its /64 network. One subscriber usually holds a whole /64, so counting its
/// addresses one by one would let it multiply any limit by rotating them. An IPv4 peer
/// seen through an IPv6 socket (`::ffff:a.b.c.d`) counts as its IPv4 address.
public enum AddressBucket {
    public static func key(for address: String?) -> String {
        guard let address, let bytes = IPRange.bytes(of: address) else { return address ?? "unknown" }
        guard bytes.count == 16 else { return address }
        if bytes[0..<12].elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
