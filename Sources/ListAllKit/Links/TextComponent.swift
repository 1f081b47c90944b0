/// A piece of item text as shown: plain text, or a link written out in the text.
public struct TextComponent: Sendable, Hashable {
    public var text: String
    /// The link, for a link piece; `nil` for plain text.
    public var url: String?

    public init(text: String, url: String? = nil) {
        self.text = text
        self.url = url
    }

    public static func plain(_ text: String) -> TextComponent { TextComponent(text: text) }
    public static func link(_ url: String) -> TextComponent { TextComponent(text: url, url: url) }

    public var isLink: Bool { url != nil }
}

extension LinkDetection {
    /// Splits the text into plain pieces and the links it spells out verbatim (spec §5, with
    /// both fixes of §10.15). A detected link is found at its first occurrence; one that the
    /// text does not contain as written (a scheme was added) stays plain text, and a link
    /// starting inside the previous one is skipped. Without links the whole text is one
    /// plain piece ("" gives one empty piece).
    public static func parseTextComponents(_ text: String) -> [TextComponent] {
        let links = detectURLs(in: text)
        guard !links.isEmpty else { return [.plain(text)] }
        let found = links.compactMap { link in firstRange(of: link, in: text).map { (range: $0, link: link) } }
            .stableSorted { $0.range.lowerBound < $1.range.lowerBound }
        var components: [TextComponent] = []
        var cursor = text.startIndex
        for (range, link) in found where range.lowerBound >= cursor {
            if cursor < range.lowerBound { components.append(.plain(String(text[cursor..<range.lowerBound]))) }
            components.append(.link(link))
            cursor = range.upperBound
        }
        if cursor < text.endIndex || components.isEmpty { components.append(.plain(String(text[cursor...]))) }
        return components
    }

    /// The first exact (scalar by scalar, so UTF-16 unit by unit) occurrence of `needle`.
    static func firstRange(of needle: String, in text: String) -> Range<String.Index>? {
        let scalars = text.unicodeScalars
        let wanted = Array(needle.unicodeScalars)
        guard let head = wanted.first else { return nil }
        var start = scalars.startIndex
        while let candidate = scalars[start...].firstIndex(of: head) {
            var index = candidate
            var matched = 0
            while matched < wanted.count, index < scalars.endIndex, scalars[index] == wanted[matched] {
                index = scalars.index(after: index)
                matched += 1
            }
            if matched == wanted.count { return candidate..<index }
            start = scalars.index(after: candidate)
        }
        return nil
    }
}
