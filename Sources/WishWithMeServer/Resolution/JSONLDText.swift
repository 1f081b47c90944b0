/// Repairs the common faults of hand-templated JSON-LD so strict JSON parsing accepts it:
/// HTML comment or CDATA wrappers, a trailing `;`, trailing commas before `}` or `]`,
/// and raw line breaks or tabs inside strings. Anything else stays invalid.
enum JSONLDText {
    static func repaired(_ script: String) -> [UInt8] {
        var text = Substring(script).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        for prefix in ["<!--", "//<![CDATA[", "<![CDATA["] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count).drop(while: \.isWhitespace)
        }
        text = text.trimmingSuffix { $0.isWhitespace || $0 == ";" }
        for suffix in ["-->", "//]]>", "]]>"] where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count).trimmingSuffix { $0.isWhitespace || $0 == ";" }
        }
        return repairedBytes(Array(text.utf8))
    }

    private static func repairedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    output.append(contentsOf: byte == 0x0A ? Array(#"\n"#.utf8) : [UInt8(ascii: " ")])
                    continue
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ","), closesAfterWhitespace(bytes, from: index + 1) {
                continue
            }
            output.append(byte)
        }
        return output
    }

    private static func closesAfterWhitespace(_ bytes: [UInt8], from start: Int) -> Bool {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
        return index < bytes.count && (bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]"))
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var result = self
        while let last = result.last, predicate(last) {
            result.removeLast()
        }
        return result
    }
}
