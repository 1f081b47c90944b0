/// The text conventions of spec §0: what counts as whitespace, how text is split into
/// lines, and how long a string is (grapheme clusters).
public enum ListAllText {
    /// WS: Unicode general category Zs plus tab (so U+00A0 too).
    public static func isWS(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// WSNL: WS plus U+000A–U+000D, U+0085, U+2028 and U+2029.
    public static func isWSNL(_ scalar: Unicode.Scalar) -> Bool {
        isWS(scalar) || isNewline(scalar)
    }

    /// The newline scalars a line split breaks at.
    public static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    public static func trimWS(_ text: some StringProtocol) -> String { trim(text, isWS) }
    public static func trimWSNL(_ text: some StringProtocol) -> String { trim(text, isWSNL) }

    /// Empty after trimming whitespace and newlines.
    public static func isBlank(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy(isWSNL)
    }

    /// Splits at every single newline scalar (a CRLF pair gives an extra empty line);
    /// always at least one element: "" splits to `[""]`.
    public static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isNewline(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// Length in extended grapheme clusters ("Grüße" is 5, "👨‍👩‍👧 Family" is 8).
    public static func length(_ text: some StringProtocol) -> Int { text.count }

    private static func trim(_ text: some StringProtocol, _ strip: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !strip($0) }), let last = scalars.lastIndex(where: { !strip($0) }) else {
            return ""
        }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
