import Foundation

/// Turns plain text into an import document (spec §3.1): the structured parser when any
/// line is a numbered checkbox line, the simple parser otherwise.
struct PlainTextImportParser {
    let now: Date
    let makeID: () -> UUID

    static func isStructured(_ text: String) -> Bool {
        ListAllText.lines(text).contains { StructuredTextParser.itemLine(ListAllText.trimWS($0)) != nil }
    }

    func parse(_ text: String) throws(ImportError) -> ImportDocument {
        if Self.isStructured(text) {
            return StructuredTextParser(now: now, makeID: makeID).parse(text)
        }
        return try SimpleTextParser(now: now, makeID: makeID).parse(text)
    }
}
