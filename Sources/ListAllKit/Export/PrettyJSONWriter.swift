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

    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append("\\\"" as StaticString)
            case UInt8(ascii: "\\"): buffer.append("\\\\" as StaticString)
            case UInt8(ascii: "/"): buffer.append("\\/" as StaticString)
            case 0x0A: buffer.append("\\n" as StaticString)
            case 0x09: buffer.append("\\t" as StaticString)
            case 0x0D: buffer.append("\\r" as StaticString)
            case 0x08: buffer.append("\\b" as StaticString)
            case 0x0C: buffer.append("\\f" as StaticString)
            case 0x00..<0x20:
                buffer.append("\\u00" as StaticString)
                buffer.append(byte: Self.lowerHex[Int(byte >> 4)])
                buffer.append(byte: Self.lowerHex[Int(byte & 0x0F)])
            default: buffer.append(byte: byte)
            }
        }
    }

    private static let lowerHex: [UInt8] = Array("0123456789abcdef".utf8)
}
