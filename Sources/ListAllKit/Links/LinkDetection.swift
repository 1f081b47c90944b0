/// Links in item text (spec §5): stage A (`LinkScanner`) and then a fallback that takes any
/// word with a dot, so "bread." and "1.5kg" count as links too, as in the original.
/// Links are returned as text; `URL(string:)` on Linux percent-encodes what it does not
/// accept, which would break the verbatim search of `parseTextComponents`.
public enum LinkDetection {
    /// Every link found, stage A first, then the fallback's links not already found.
    public static func detectURLs(in text: String) -> [String] {
        var links = LinkScanner.scan(text)
        for word in words(of: text) where word.contains(".") && word.count > 3 {
            if let link = asURL(word), !links.contains(link) { links.append(link) }
        }
        return links
    }

    public static func containsURL(_ text: String) -> Bool {
        !detectURLs(in: text).isEmpty
    }

    /// The fallback reading of one word:
    /// 1. blank: none;
    /// 2. text with a scheme (`mailto:…`, even `Time:10.30`) and no whitespace: itself;
    /// 3. `www.…`: `https://` in front;
    /// 4. a dot, no leading `/`, no whitespace, longer than 3: `https://` in front;
    /// 5. otherwise none.
    public static func asURL(_ text: String) -> String? {
        if ListAllText.isBlank(text) { return nil }
        let hasSpace = text.contains(where: LinkScanner.isSpace)
        if hasScheme(text), !hasSpace { return text }
        if text.hasPrefix("www.") { return "https://" + text }
        if text.contains("."), !text.hasPrefix("/"), !hasSpace, text.count > 3 { return "https://" + text }
        return nil
    }

    /// Starts with `scheme:`, a scheme being a letter then letters, digits, `+`, `.` or `-`.
    static func hasScheme(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first.isASCII, first.properties.isAlphabetic else { return false }
        while let scalar = scalars.next() {
            if scalar == ":" { return true }
            let isSchemeScalar = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+.-".unicodeScalars.contains(scalar)
            guard scalar.isASCII, isSchemeScalar else { return false }
        }
        return false
    }

    /// The text split at whitespace and newlines, without empty pieces.
    static func words(of text: String) -> [String] {
        text.split(whereSeparator: LinkScanner.isSpace).map(String.init)
    }
}
