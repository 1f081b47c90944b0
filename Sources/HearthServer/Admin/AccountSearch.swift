/// Text an operator searches accounts with, as a `LIKE` pattern that matches it anywhere
/// in a lower-cased column (written `LIKE ? ESCAPE '\'`).
public enum AccountSearch {
    public static func pattern(_ text: String) -> String {
        var escaped = ""
        for character in text.lowercased() {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
