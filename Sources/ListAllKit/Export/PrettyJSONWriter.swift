import Foundation

/// Writes JSON the way Apple's encoder does with `.prettyPrinted` and `.sortedKeys`
/// (spec §2.2), byte for byte: `"key" : value`, two spaces per level, one member or element
/// per line, an empty container as `[`, an empty line and `]` at the opening line's indent,
/// `/` escaped as `\/`, other controls as lowercase `\u00xx`, no trailing newline.
///
/// Callers write members in ascending key order themselves: the export documents have fixed
/// keys, so sorting them at run time would only cost time.
struct PrettyJSONWriter {
    private(set) var buffer: ExportBuffer
    /// One entry per open container: whether it has a member or element yet.
    private var containers: [Bool] = []

    init(reservingCapacity capacity: Int = 0) {
        buffer = ExportBuffer(reservingCapacity: capacity)
    }

    var string: String { buffer.string }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the open object; write its value next.
    mutating func key(_ name: StaticString) {
        startLine()
        buffer.append(byte: UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append("\" : " as StaticString)
    }

    /// Starts an element of the open array; write the element next.
    mutating func element() { startLine() }

    mutating func value(_ text: String) {
        buffer.append(byte: UInt8(ascii: "\""))
        appendEscaped(text)
        buffer.append(byte: UInt8(ascii: "\""))
    }

    mutating func value(_ number: Int) { buffer.append(int: number) }

    mutating func value(_ flag: Bool) { buffer.append(flag ? "true" as StaticString : "false") }

    /// A machine date string.
    mutating func value(_ date: Date) {
        buffer.append(byte: UInt8(ascii: "\""))
        buffer.append(machineDate: date)
        buffer.append(byte: UInt8(ascii: "\""))
    }

    /// An uppercase UUID string.
    mutating func value(_ id: UUID) {
        buffer.append(byte: UInt8(ascii: "\""))
        buffer.append(uuid: id)
        buffer.append(byte: UInt8(ascii: "\""))
    }

    private mutating func open(_ bracket: UInt8) {
        buffer.append(byte: bracket)
        containers.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadContent = containers.popLast() ?? false
        buffer.append(byte: UInt8(ascii: "\n"))
        if !hadContent { buffer.append(byte: UInt8(ascii: "\n")) }
        buffer.append(byte: UInt8(ascii: " "), count: 2 * containers.count)
        buffer.append(byte: bracket)
    }

    /// A comma after the previous entry, a line break, and the indent of the open container's entries.
    private mutating func startLine() {
        if containers.last == true { buffer.append(byte: UInt8(ascii: ",")) }
        if !containers.isEmpty { containers[containers.count - 1] = true }
        buffer.append(byte: UInt8(ascii: "\n"))
        buffer.append(byte: UInt8(ascii: " "), count: 2 * containers.count)
    }

    /// Standard base64 with padding, as a JSON string (so every `/` is written `\/`).
    mutating func value(base64 data: Data) {
        buffer.append(byte: UInt8(ascii: "\""))
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index + 3 <= bytes.count {
                let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                appendBase64Digits(chunk, count: 4)
                index += 3
            }
            switch bytes.count - index {
            case 1:
                appendBase64Digits(UInt32(bytes[index]) << 16, count: 2)
                buffer.append("==" as StaticString)
            case 2:
                appendBase64Digits(UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8, count: 3)
                buffer.append(byte: UInt8(ascii: "="))
            default:
                break
            }
        }
        buffer.append(byte: UInt8(ascii: "\""))
    }

    /// The first `count` 6-bit digits of the 24-bit `chunk`.
    private mutating func appendBase64Digits(_ chunk: UInt32, count: Int) {
        for position in 0..<count {
            let digit = Self.base64Alphabet[Int(chunk >> (18 - 6 * UInt32(position)) & 0x3F)]
            if digit == UInt8(ascii: "/") { buffer.append(byte: UInt8(ascii: "\\")) }
            buffer.append(byte: digit)
        }
    }

    /// Copies runs of plain bytes at once and escapes the rest.
    private mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else {
                    continue
                }
                if runStart < index { buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscape(for: byte)
                runStart = index + 1
            }
            if runStart < utf8.count { buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
    }

    private mutating func appendEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.append("\\\"" as StaticString)
        case UInt8(ascii: "\\"): buffer.append("\\\\" as StaticString)
        case UInt8(ascii: "/"): buffer.append("\\/" as StaticString)
        case 0x0A: buffer.append("\\n" as StaticString)
        case 0x09: buffer.append("\\t" as StaticString)
        case 0x0D: buffer.append("\\r" as StaticString)
        case 0x08: buffer.append("\\b" as StaticString)
        case 0x0C: buffer.append("\\f" as StaticString)
        default:
            buffer.append("\\u00" as StaticString)
            buffer.append(byte: Self.lowerHex[Int(byte >> 4)])
            buffer.append(byte: Self.lowerHex[Int(byte & 0x0F)])
        }
    }

    private static let base64Alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let lowerHex: [UInt8] = Array("0123456789abcdef".utf8)
}
