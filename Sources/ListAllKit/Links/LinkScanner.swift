/// Stage A of link detection (spec §5), standing in for the platform data detector: finds,
/// left to right and without overlaps,
/// - `http://`, `https://` and `ftp://` links (scheme in any case), kept as written;
/// - e-mail addresses, as `mailto:` links (§10.15);
/// - `www.` hosts and bare host names (`label.label`, the last label at least two
///   letters, then an optional port and path), with `http://` put in front.
///
/// A link runs up to whitespace; trailing `. , ; : ! ? ' "` and closing brackets without
/// their opening partner are left out.
public enum LinkScanner {
    public static func scan(_ text: String) -> [String] {
        let characters = Array(text)
        var links: [String] = []
        var start = 0
        while start < characters.count {
            if let (link, end) = link(in: characters, at: start) {
                links.append(link)
                start = end
            } else {
                start += 1
            }
        }
        return links
    }

    /// The link starting at `start`, and where it ends.
    private static func link(in characters: [Character], at start: Int) -> (String, Int)? {
        guard !isSpace(characters[start]) else { return nil }
        var end = start
        while end < characters.count, !isSpace(characters[end]) { end += 1 }
        let candidate = withoutTrailingPunctuation(characters[start..<end])
        guard !candidate.isEmpty else { return nil }
        let text = String(candidate)
        let previous = start > 0 ? characters[start - 1] : nil
        let endIndex = start + candidate.count

        if previous.map(isLetterOrDigit) != true, hasWebScheme(text) { return (text, endIndex) }
        guard previous.map(continuesHost) != true else { return nil }
        if isEmailAddress(candidate) { return ("mailto:" + text, endIndex) }
        if text.lowercased().hasPrefix("www."), isHostAndPath(candidate.dropFirst(4), minimumLabels: 1) {
            return ("http://" + text, endIndex)
        }
        if isHostAndPath(candidate, minimumLabels: 2) { return ("http://" + text, endIndex) }
        return nil
    }

    private static let webSchemes = ["http://", "https://", "ftp://"]

    /// Starts with a web scheme and has something after it.
    private static func hasWebScheme(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return webSchemes.contains { lowered.hasPrefix($0) && lowered.count > $0.count }
    }

    /// `local@host.tld` and nothing more.
    private static func isEmailAddress(_ candidate: ArraySlice<Character>) -> Bool {
        guard let at = candidate.firstIndex(of: "@") else { return false }
        let local = candidate[..<at]
        guard !local.isEmpty, local.allSatisfy({ isLetterOrDigit($0) || "._%+-".contains($0) }) else { return false }
        let domain = candidate[(at + 1)...]
        guard let host = host(in: domain, minimumLabels: 2) else { return false }
        return host == domain.endIndex
    }

    /// A host name, then optionally `:port`, then optionally a path, query or fragment.
    private static func isHostAndPath(_ candidate: ArraySlice<Character>, minimumLabels: Int) -> Bool {
        guard var index = host(in: candidate, minimumLabels: minimumLabels) else { return false }
        if index < candidate.endIndex, candidate[index] == ":" {
            let digits = candidate[(index + 1)...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return false }
            index += 1 + digits.count
        }
        return index == candidate.endIndex || "/?#".contains(candidate[index])
    }

    /// Where the host name at the start of `text` ends: labels of letters, digits and inner
    /// hyphens joined by dots. With two labels or more the last must be at least two letters.
    private static func host(in text: ArraySlice<Character>, minimumLabels: Int) -> Int? {
        var labels: [ArraySlice<Character>] = []
        var index = text.startIndex
        while true {
            let label = text[index...].prefix { isLetterOrDigit($0) || $0 == "-" }
            guard !label.isEmpty, label.first != "-", label.last != "-" else { break }
            labels.append(label)
            index += label.count
            guard index + 1 < text.endIndex, text[index] == ".", isLetterOrDigit(text[index + 1]) else { break }
            index += 1
        }
        guard labels.count >= minimumLabels, let last = labels.last else { return nil }
        if labels.count >= 2, last.count < 2 || !last.allSatisfy(\.isLetter) { return nil }
        return index
    }

    private static let closingBrackets: [Character: Character] = [")": "(", "]": "[", "}": "{", ">": "<"]

    private static func withoutTrailingPunctuation(_ candidate: ArraySlice<Character>) -> ArraySlice<Character> {
        var candidate = candidate
        while let last = candidate.last {
            if ".,;:!?'\"".contains(last) {
                candidate.removeLast()
            } else if let opening = closingBrackets[last],
                candidate.count(where: { $0 == last }) > candidate.count(where: { $0 == opening })
            {
                candidate.removeLast()
            } else {
                break
            }
        }
        return candidate
    }

    static func isSpace(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy(ListAllText.isWSNL)
    }

    private static func isLetterOrDigit(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// A character that, just before a position, means the position is inside a host name,
    /// an address or a path rather than at the start of one.
    private static func continuesHost(_ character: Character) -> Bool {
        isLetterOrDigit(character) || ".-_@/%+".contains(character)
    }
}
