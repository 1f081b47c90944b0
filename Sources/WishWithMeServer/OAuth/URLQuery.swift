/// Query strings and form bodies: every value percent-encoded except RFC 3986's
/// unreserved characters, so a token, an email or a provider's error text can never
/// break out of its parameter.
enum URLQuery {
    static func encode(_ items: [(String, String)]) -> String {
        items.map { name, value in escape(name) + "=" + escape(value) }.joined(separator: "&")
    }

    /// `url` with `items` appended: after `?`, or after `&` when it already has a query,
    /// and before any `#fragment`.
    static func appending(_ items: [(String, String)], to url: String) -> String {
        guard !items.isEmpty else { return url }
        let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
        let base = url[..<fragmentStart]
        let separator = !base.contains("?") ? "?" : (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&")
        return String(base) + separator + encode(items) + String(url[fragmentStart...])
    }

    static func escape(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
