import Foundation

/// Reads a loose bulleted list (spec §3.4): an optional first-line list name, then `•`,
/// `-`, `*`, `✓` and checkbox bullets, `(n)` quantities and indented description lines.
/// [fixed]: `[]` removes only the marker.
struct SimpleTextParser {
    static let defaultListName = "Imported List"
    static let noItemsMessage = "No valid items found in text"

    let now: Date
    let makeID: () -> UUID

    private static let nameBlockers: [String] = ["•", "-", "*", "\u{2713}", "["]
    /// Markers in the order they are tried, with whether they cross the item out.
    private static let bullets: [(marker: String, crossed: Bool)] = [
        ("• ", false), ("•", false), ("- ", false), ("* ", false),
        ("\u{2713} ", true), ("\u{2713}", true),
        ("[ ]", false), ("[]", false),
        ("[x]", true), ("[X]", true), ("[\u{2713}]", true),
    ]

    /// The title (still untrimmed) and crossed flag when `trimmed` starts with a bullet.
    static func bullet(_ trimmed: String) -> (rest: Substring, crossed: Bool)? {
        for bullet in bullets where trimmed.hasPrefix(bullet.marker) {
            return (trimmed.dropFirst(bullet.marker.count), bullet.crossed)
        }
        return nil
    }

    /// The first `(digits)` anywhere: its quantity (1 if it does not parse) and the title
    /// with every `" (n)"`, then every `"(n)"`, removed (T-I22).
    static func splitQuantity(_ title: String) -> (title: String, quantity: Int) {
        let scalars = Array(title.unicodeScalars)
        var start = 0
        while start < scalars.count {
            defer { start += 1 }
            guard scalars[start] == "(" else { continue }
            var end = start + 1
            while end < scalars.count, scalars[end].properties.generalCategory == .decimalNumber { end += 1 }
            guard end > start + 1, end < scalars.count, scalars[end] == ")" else { continue }
            let match = Array(scalars[start...end])
            let digits = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
            var stripped = ImportTextScalars.removingAll([" "] + match, from: scalars)
            stripped = ImportTextScalars.removingAll(match, from: stripped)
            return (ListAllText.trimWS(String(String.UnicodeScalarView(stripped))), Int(digits) ?? 1)
        }
        return (ListAllText.trimWS(title), 1)
    }

    func parse(_ text: String) throws(ImportError) -> ImportDocument {
        var lines = ListAllText.lines(text)[...]
        var name = Self.defaultListName
        if let first = lines.first {
            let trimmed = ListAllText.trimWS(first)
            if !trimmed.isEmpty, !Self.nameBlockers.contains(where: { trimmed.hasPrefix($0) }) {
                name = trimmed
                lines = lines.dropFirst()
            }
        }
        var items: [ImportedItem] = []
        var pending: (title: String, crossed: Bool, description: [String])?
        func close() {
            guard let item = pending else { return }
            let (title, quantity) = Self.splitQuantity(item.title)
            items.append(
                ImportedItem(
                    id: makeID(), title: title, description: item.description.joined(separator: "\n"),
                    quantity: quantity,
                    orderNumber: items.count, isCrossedOut: item.crossed, createdAt: now, modifiedAt: now))
            pending = nil
        }
        for line in lines {
            let trimmed = ListAllText.trimWS(line)
            if trimmed.isEmpty || trimmed.uppercased() == "OTHER" { continue }
            if let bullet = Self.bullet(trimmed) {
                close()
                pending = (ListAllText.trimWS(bullet.rest), bullet.crossed, [])
            } else {
                pending?.description.append(trimmed)
            }
        }
        close()
        guard !items.isEmpty else { throw .validationFailed(Self.noItemsMessage) }
        let list = ImportedList(id: makeID(), name: name, orderNumber: 0, createdAt: now, modifiedAt: now, items: items)
        return ImportDocument(exportDate: now, lists: [list])
    }
}
