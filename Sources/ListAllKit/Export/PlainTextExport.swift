import Foundation

/// The plain-text export (spec §2.4): a header with the export date, then every exported
/// list with its name underlined, its creation date, and numbered items.
extension ListAllExporter {
    public func plainText(_ library: ListAllLibrary, options: ExportOptions) -> String {
        var text = PlainTextWriter(humanDate: humanDate)
        text.buffer.append("ListAll Export\n" as StaticString)
        text.buffer.append(byte: UInt8(ascii: "="), count: 51)
        text.buffer.append("\nExported: " as StaticString)
        text.appendHumanDate(now)
        text.buffer.append(byte: UInt8(ascii: "\n"))
        text.buffer.append(byte: UInt8(ascii: "="), count: 52)
        text.buffer.append("\n\n" as StaticString)
        for list in ExportSelection.lists(of: library, options: options) {
            text.appendHeading(list, underline: UInt8(ascii: "-"), options: options)
            let items = ExportSelection.items(of: list, options: options)
            if items.isEmpty {
                text.buffer.append("(No items)\n" as StaticString)
            } else {
                text.buffer.append(byte: UInt8(ascii: "\n"))
                for (index, item) in items.enumerated() {
                    text.appendItem(item, number: index + 1, options: options)
                    text.buffer.append(byte: UInt8(ascii: "\n"))
                }
            }
            text.buffer.append(byte: UInt8(ascii: "\n"))
        }
        return text.buffer.string
    }
}

/// The pieces the export and the single-list share have in common. Each distinct date is
/// given to the human formatter once: it may be a costly locale-aware formatter.
struct PlainTextWriter {
    var buffer = ExportBuffer(reservingCapacity: 4096)
    private let humanDate: HumanDateFormat
    private var formatted: [Date: String] = [:]

    init(humanDate: HumanDateFormat) {
        self.humanDate = humanDate
    }

    mutating func appendHumanDate(_ date: Date) {
        if let text = formatted[date] {
            buffer.append(text)
            return
        }
        let text = humanDate.format(date)
        formatted[date] = text
        buffer.append(text)
    }

    /// `<name>⏎<underline × length(name)>⏎[Created: H(createdAt)⏎]`; the length counts
    /// grapheme clusters, so an empty name gives an empty underline line.
    mutating func appendHeading(_ list: ItemList, underline: UInt8, options: ExportOptions) {
        buffer.append(list.name)
        buffer.append(byte: UInt8(ascii: "\n"))
        buffer.append(byte: underline, count: ListAllText.length(list.name))
        buffer.append(byte: UInt8(ascii: "\n"))
        if options.includeDates {
            buffer.append("Created: " as StaticString)
            appendHumanDate(list.createdAt)
            buffer.append(byte: UInt8(ascii: "\n"))
        }
    }

    /// `k. [✓] title[ (×q)]⏎[   description⏎][   Created: H(createdAt)⏎]`, without the blank
    /// line that separates items.
    mutating func appendItem(_ item: ListItem, number: Int, options: ExportOptions) {
        buffer.append(int: number)
        buffer.append(item.isCrossedOut ? ". [\u{2713}] " as StaticString : ". [ ] ")
        buffer.append(item.title)
        if options.includeQuantities && item.quantity > 1 {
            buffer.append(" (\u{00D7}" as StaticString)
            buffer.append(int: item.quantity)
            buffer.append(byte: UInt8(ascii: ")"))
        }
        buffer.append(byte: UInt8(ascii: "\n"))
        if options.includeDescriptions, let description = item.itemDescription, !description.isEmpty {
            buffer.append(Self.indent)
            appendIndentingContinuationLines(description)
            buffer.append(byte: UInt8(ascii: "\n"))
        }
        if options.includeDates {
            buffer.append(Self.indent)
            buffer.append("Created: " as StaticString)
            appendHumanDate(item.createdAt)
            buffer.append(byte: UInt8(ascii: "\n"))
        }
    }

    private static let indent: StaticString = "   "

    /// The description verbatim, with the 3-space indent also after every line break inside
    /// it (§10.8), so each line reads back as a description line. A line break is any
    /// newline of spec §0, a CRLF pair counting as one; the breaks themselves are kept.
    private mutating func appendIndentingContinuationLines(_ description: String) {
        guard description.utf8.contains(where: Self.mayStartLineBreak) else {
            buffer.append(description)
            return
        }
        var previousWasCR = false
        var pendingIndent = false
        for scalar in description.unicodeScalars {
            let isLF = scalar == "\n"
            if pendingIndent && !(previousWasCR && isLF) {
                buffer.append(Self.indent)
                pendingIndent = false
            }
            buffer.append(scalar: scalar)
            pendingIndent = pendingIndent || ListAllText.isNewline(scalar)
            previousWasCR = scalar == "\r"
        }
        if pendingIndent { buffer.append(Self.indent) }
    }

    /// The first byte of U+000A…U+000D, or any byte of U+0085, U+2028, U+2029 (a cheap
    /// over-approximation: a false hit only takes the slower exact path).
    private static func mayStartLineBreak(_ byte: UInt8) -> Bool {
        (0x0A...0x0D).contains(byte) || byte == 0x85 || byte == 0xA8 || byte == 0xA9
    }
}
