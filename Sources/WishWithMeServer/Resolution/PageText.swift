/// Text as a page shows it, made fit for an item field: whitespace collapsed,
/// control characters dropped, cut to a length.
enum PageText {
    static let titleLimit = 200
    static let descriptionLimit = 1000

    /// `nil` when nothing but whitespace remains. `limit` counts characters.
    static func cleaned(_ text: String?, limit: Int) -> String? {
        guard let text else { return nil }
        var words: [Substring] = []
        var total = 0
        for word in text.split(whereSeparator: { $0.isWhitespace || isControl($0) }) {
            words.append(word)
            total += word.count + 1
            if total > limit { break }
        }
        guard !words.isEmpty else { return nil }
        let joined = words.joined(separator: " ")
        guard joined.count > limit else { return joined }
        let cut = String(joined.prefix(limit))
        return cut.hasSuffix(" ") ? String(cut.dropLast()) : cut
    }

    /// Removes markup some shops leave inside JSON-LD descriptions (`<p>`, `<br/>`),
    /// keeping the text between the tags. A `<` not followed by a tag-like character stays.
    static func strippingTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "<", next < text.endIndex, isTagStart(text[next]),
                let close = text[next...].firstIndex(of: ">")
            {
                result.append(" ")
                index = text.index(after: close)
            } else {
                result.append(character)
                index = next
            }
        }
        return result
    }

    private static func isTagStart(_ character: Character) -> Bool {
        character == "/" || character == "!" || (character.isASCII && character.isLetter)
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
}
