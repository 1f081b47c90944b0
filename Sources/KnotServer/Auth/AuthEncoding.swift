import Foundation
import HearthCore

/// How GoTrue writes times: RFC 3339 in UTC with exactly six fraction digits and `Z`
/// (`2026-02-08T12:34:56.789000Z`, research doc §2.4). Hearth keeps milliseconds, so the
/// last three digits are always zero.
enum AuthTime {
    static func format(_ timestamp: Timestamp) -> String {
        String(timestamp.iso8601.dropLast()) + "000Z"
    }

    /// Whole seconds since 1970 (rounded down), as JWT claims and `expires_at` carry them.
    static func seconds(_ timestamp: Timestamp) -> Int64 {
        let milliseconds = timestamp.millisecondsSince1970
        return milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }
}

/// URL-safe base64 without padding (RFC 4648 §5), the alphabet of JWTs, PKCE and tokens.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// `nil` for text outside the alphabet (padding is tolerated).
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.hasSuffix("=") { base64.removeLast() }
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { Array($0) }
    }
}

/// `application/x-www-form-urlencoded` as Go's `url.Values.Encode` writes it (GoTrue's
/// links and redirects): unreserved characters kept, space as `+`, every other byte `%XX`.
enum FormEncoding {
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                output += "+"
            default:
                output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// `key=value&…` in the order given.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}
