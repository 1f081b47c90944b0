import Foundation

/// Small text helpers shared by the planner.
public enum PlannerText {
    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Upper-cases the first letter of every word: "game night" → "Game Night".
    public static func titleCased(_ text: String) -> String {
        trimmed(text).split(separator: " ", omittingEmptySubsequences: true)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }

    /// The lower-cased whole words of the texts (letters and digits; other characters split).
    public static func words(in texts: [String]) -> Set<String> {
        var result = Set<String>()
        for text in texts {
            var current = ""
            for character in text.lowercased() {
                if character.isLetter || character.isNumber {
                    current.append(character)
                } else if !current.isEmpty {
                    result.insert(current)
                    current = ""
                }
            }
            if !current.isEmpty { result.insert(current) }
        }
        return result
    }

    /// Trims and cuts to at most `limit` Unicode scalars.
    public static func capped(_ text: String, _ limit: Int) -> String {
        let clean = trimmed(text)
        guard clean.unicodeScalars.count > limit else { return clean }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: clean.unicodeScalars.prefix(limit))
        return trimmed(String(scalars))
    }
}
