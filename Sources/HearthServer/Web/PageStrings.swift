import Foundation
import HearthCore

/// The words of an app's pages in each language it speaks, from the app module's
/// `Resources/strings.json` (`{"en": {"key": "text"}, "ru": {…}}`). A key missing in one
/// language falls back to the first language's text, so a page never shows a bare key.
public struct PageStrings: Sendable {
    public let languages: [String]
    let tables: [String: [String: String]]

    public init(tables: [String: [String: String]], languages: [String]) {
        self.tables = tables
        self.languages = languages
    }

    /// `Resources/strings.json` of `module`; empty tables when it is missing.
    public static func bundled(module: String, languages: [String]) -> PageStrings {
        let data = ResourceBundle.url(module: module, resource: "strings", extension: "json").flatMap { try? Data(contentsOf: $0) }
        let json = data.flatMap { try? JSONParser().parse($0) }
        var tables: [String: [String: String]] = [:]
        for language in languages {
            tables[language] = (json?[language]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        }
        return PageStrings(tables: tables, languages: languages)
    }

    /// Every text of `language`, for a template's `t.key`.
    public func table(_ language: String) -> [String: String] {
        let base = tables[languages.first ?? "en"] ?? [:]
        return base.merging(tables[language] ?? [:]) { _, own in own }
    }
}
