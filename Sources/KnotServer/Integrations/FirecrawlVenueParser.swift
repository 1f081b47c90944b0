import Foundation

/// Venues in a scraped guide's markdown (spec §10.2, Firecrawl). Three forms are read:
/// `## Name` headers (the text under them describes the venue), `**Name** — text`, and
/// `1. [Name](url) — text`. Names shorter than 3 characters are dropped; a name seen
/// again (normalised) is skipped.
enum FirecrawlVenueParser {
    struct Venue: Sendable, Hashable {
        var name: String
        var description: String?
        var url: String?
    }

    static let minimumNameLength = 3
    static let maximumDescriptionLength = 300

    static func venues(in markdown: String) -> [Venue] {
        var venues: [Venue] = []
        var seen = Set<String>()
        var header: (name: String, body: [String])?

        func add(_ name: String, text: String?, url: String?) {
            let clean = stripMarkdown(name).trimmingCharacters(in: CharacterSet(charactersIn: " :—–-"))
            guard clean.count >= minimumNameLength, seen.insert(TextMatch.norm(clean)).inserted else { return }
            venues.append(Venue(name: clean, description: text.flatMap(firstSentences), url: url))
        }
        func closeHeader() {
            if let open = header { add(open.name, text: open.body.joined(separator: " "), url: nil) }
            header = nil
        }

        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let match = line.wholeMatch(of: /#{2,3}\s+(?:\d+[.)]\s*)?(.+)/) {
                closeHeader()
                header = (String(match.1), [])
            } else if let match = line.wholeMatch(of: /\d+[.)]\s+\[([^\]]+)\]\(([^)\s]+)[^)]*\)\s*(?:[—–:-]\s*)?(.*)/) {
                closeHeader()
                add(String(match.1), text: String(match.3), url: String(match.2))
            } else if let match = line.wholeMatch(of: /(?:[-*+]\s+)?\*\*([^*]+)\*\*\s*[—–:-]\s*(.*)/) {
                closeHeader()
                add(String(match.1), text: String(match.2), url: nil)
            } else if line.hasPrefix("#") {
                closeHeader()
            } else if !line.isEmpty, !line.hasPrefix("!["), header != nil {
                header?.body.append(line)
            }
        }
        closeHeader()
        return venues
    }

    /// Links become their text; images, emphasis, code marks and quote marks go; runs of
    /// whitespace become one space.
    static func stripMarkdown(_ text: String) -> String {
        var result = text.replacing(/!\[[^\]]*\]\([^)]*\)/, with: "")
        result = result.replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
        result = result.replacing(/\*+|`+|__/, with: "")
        result = result.replacing(/^\s*[>#]+\s*/, with: "")
        result = result.replacing(/\s+/, with: " ")
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// The first two sentences of `text` without markdown, at most 300 characters; `nil`
    /// when nothing is left.
    static func firstSentences(_ text: String) -> String? {
        let plain = stripMarkdown(text)
        guard !plain.isEmpty else { return nil }
        var end = plain.endIndex
        var sentences = 0
        var index = plain.startIndex
        while index < plain.endIndex {
            let next = plain.index(after: index)
            if ".!?".contains(plain[index]), next == plain.endIndex || plain[next].isWhitespace {
                sentences += 1
                if sentences == 2 {
                    end = next
                    break
                }
            }
            index = next
        }
        let sentence = String(plain[..<end])
        guard sentence.count > maximumDescriptionLength else { return sentence }
        return String(sentence.prefix(maximumDescriptionLength)).trimmingCharacters(in: .whitespaces)
    }
}
