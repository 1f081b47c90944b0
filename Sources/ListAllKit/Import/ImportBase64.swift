import Foundation

/// Strict standard base64 (spec §3.6): the alphabet `A–Z a–z 0–9 + /`, padding required,
/// no whitespace anywhere. Empty input has no bytes and counts as invalid for images.
enum ImportBase64 {
    static func decode(_ text: String) -> Data? {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { return nil }
        var padding = 0
        while padding < 2, bytes.last == UInt8(ascii: "=") {
            bytes.removeLast()
            padding += 1
        }
        var output = Data()
        output.reserveCapacity(bytes.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            guard let value = sextet(byte) else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // A lone sextet in the last quantum cannot come from whole bytes.
        guard bits < 6 else { return nil }
        return output.isEmpty ? nil : output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
