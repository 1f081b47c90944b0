#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as plain integers, so ranges can be matched with masks.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    case v4(UInt32)
    /// The 128 bits as two big-endian halves.
    case v6(high: UInt64, low: UInt64)

    /// Parses the canonical numeric forms only (`inet_pton`): dotted-quad IPv4 without
    /// leading zeros, and IPv6 without brackets or zone. Shorthands such as `127.1`,
    /// `0x7f.0.0.1` or `2130706433` are not addresses here.
    public init?(_ string: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, string, &v4) == 1 {
            self.init(v4)
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, string, &v6) == 1 {
            self.init(v6)
            return
        }
        return nil
    }

    init(_ address: in_addr) {
        self = .v4(UInt32(bigEndian: address.s_addr))
    }

    init(_ address: in6_addr) {
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        self.init(v6Bytes: bytes)
    }

    /// `bytes` must hold 16 bytes in network order.
    init(v6Bytes bytes: [UInt8]) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
        for index in 8..<16 { low = low << 8 | UInt64(bytes[index]) }
        self = .v6(high: high, low: low)
    }

    public var description: String {
        switch self {
        case .v4(let value):
            return "\(value >> 24).\(value >> 16 & 0xff).\(value >> 8 & 0xff).\(value & 0xff)"
        case .v6:
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { raw in
                for (index, byte) in v6Bytes.enumerated() { raw[index] = byte }
            }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else {
                return v6Bytes.map { String($0, radix: 16) }.joined(separator: ":")
            }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    var v6Bytes: [UInt8] {
        guard case .v6(let high, let low) = self else { return [] }
        return (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }
}
