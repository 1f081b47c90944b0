import Foundation

/// Reads the plain-text export layout back (spec §3.3), with Hearth's [fixed] rules: the
/// last item of every list is kept, a list-level `Created:` line is ignored, `=` rules and
/// the share footer are decoration, and indented continuation lines join the description
/// with LF (§10.8).
struct StructuredTextParser {
    static let shareFooter = "Shared from ListAll"

    let now: Date
    let makeID: () -> UUID

    /// A numbered checkbox line (`<digits>. [ ] title`), split into its parts.
    struct ItemLine: Equatable {
        var isCrossedOut: Bool
        var title: String
    }

    /// Matches `^(\d+)\.\s*(\[[ ✓x]\])\s*(.+)$` against an already WS-trimmed line.
    static func itemLine(_ trimmed: String) -> ItemLine? {
        let scalars = Array(trimmed.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index].properties.generalCategory == .decimalNumber { index += 1 }
        guard index > 0, index < scalars.count, scalars[index] == "." else { return nil }
        index += 1
        while index < scalars.count, ListAllText.isWS(scalars[index]) { index += 1 }
        guard index + 3 <= scalars.count, scalars[index] == "[", scalars[index + 2] == "]" else { return nil }
        let mark = scalars[index + 1]
        guard mark == " " || mark == "\u{2713}" || mark == "x" else { return nil }
        index += 3
        while index < scalars.count, ListAllText.isWS(scalars[index]) { index += 1 }
        guard index < scalars.count else { return nil }
        let title = String(String.UnicodeScalarView(scalars[index...]))
        return ItemLine(isCrossedOut: mark != " ", title: title)
    }

    /// The `(×n)` marker at the end of a title: quantity and title without it (T-I18).
    static func splitQuantity(_ title: String) -> (title: String, quantity: Int) {
        let scalars = Array(title.unicodeScalars)
        var end = scalars.count
        while end > 0, ListAllText.isWS(scalars[end - 1]) { end -= 1 }
        guard end > 0, scalars[end - 1] == ")" else { return (ListAllText.trimWS(title), 1) }
        var digitsStart = end - 1
        while digitsStart > 0, scalars[digitsStart - 1].properties.generalCategory == .decimalNumber {
            digitsStart -= 1
        }
        guard digitsStart < end - 1, digitsStart >= 2, scalars[digitsStart - 1] == "\u{00D7}",
            scalars[digitsStart - 2] == "("
        else { return (ListAllText.trimWS(title), 1) }
        var start = digitsStart - 2
        while start > 0, ListAllText.isWS(scalars[start - 1]) { start -= 1 }
        let digits = String(String.UnicodeScalarView(scalars[digitsStart..<(end - 1)]))
        let marker = Array(scalars[start..<scalars.count])
        let stripped = ImportTextScalars.removingAll(marker, from: scalars)
        return (ListAllText.trimWS(String(String.UnicodeScalarView(stripped))), Int(digits) ?? 1)
    }

    func parse(_ text: String) -> ImportDocument {
        var state = State(now: now, makeID: makeID)
        for line in ListAllText.lines(text) {
            state.read(line)
        }
        state.addPending()
        state.closeList()
        return ImportDocument(exportDate: now, lists: state.closed)
    }

    private struct State {
        let now: Date
        let makeID: () -> UUID
        var closed: [ImportedList] = []
        var open: ImportedList?
        var pending: (line: ItemLine, description: [String])?
        var counter = 0
        /// A header was just read; a plain `Created:` line now belongs to it (quirk a).
        var afterHeader = false

        mutating func read(_ line: String) {
            let trimmed = ListAllText.trimWS(line)
            if trimmed == "(No items)" {
                afterHeader = false
                return
            }
            if Self.isDecoration(trimmed) { return }
            let wasAfterHeader = afterHeader
            afterHeader = false
            if let item = StructuredTextParser.itemLine(trimmed) {
                addPending()
                pending = (item, [])
                return
            }
            let indented = line.hasPrefix("   ")
            if indented, pending != nil {
                if !trimmed.hasPrefix("Created:") { pending?.description.append(trimmed) }
                return
            }
            if wasAfterHeader, trimmed.hasPrefix("Created:") {
                afterHeader = true
                return
            }
            if open != nil {
                addPending()
                closeList()
                pending = nil
            }
            counter = 0
            open = ImportedList(id: makeID(), name: trimmed, orderNumber: 0, createdAt: now, modifiedAt: now)
            afterHeader = true
        }

        /// Empty lines, rules, the export header lines and the share footer.
        static func isDecoration(_ trimmed: String) -> Bool {
            trimmed.isEmpty || trimmed.hasPrefix("===") || trimmed.hasPrefix("ListAll Export")
                || trimmed.hasPrefix("Exported:") || trimmed == StructuredTextParser.shareFooter
                || trimmed.allSatisfy { $0 == "-" } || trimmed.allSatisfy { $0 == "=" }
        }

        mutating func addPending() {
            guard let pending else { return }
            self.pending = nil
            defer { counter += 1 }
            guard open != nil else { return }
            let (title, quantity) = StructuredTextParser.splitQuantity(pending.line.title)
            open?.items.append(
                ImportedItem(
                    id: makeID(), title: title, description: pending.description.joined(separator: "\n"),
                    quantity: quantity, orderNumber: counter, isCrossedOut: pending.line.isCrossedOut,
                    createdAt: now, modifiedAt: now))
        }

        mutating func closeList() {
            guard var list = open else { return }
            list.orderNumber = closed.count
            closed.append(list)
            open = nil
        }
    }
}

/// Scalar-exact search and removal, so that text is never matched up to canonical equivalence.
enum ImportTextScalars {
    static func removingAll(_ needle: [Unicode.Scalar], from haystack: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return haystack }
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return result
    }
}
