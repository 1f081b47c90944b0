/// UUIDs written as text: `8-4-4-4-12` hexadecimal digits with hyphens.
public enum UUIDText {
    /// Whether `text` is a hyphenated UUID; upper-case digits only when `allowingUppercase`.
    public static func isValid(_ text: some StringProtocol, allowingUppercase: Bool = false) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
                continue
            }
            let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            let lower = (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            let upper = allowingUppercase && (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            guard digit || lower || upper else { return false }
        }
        return true
    }
}
