/// A syntactically valid address (no deliverability check), lower-cased.
public enum EmailAddress {
    public static func validated(_ text: String) throws -> String {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard text.count >= 3, parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains(".."),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"()<>,;:\\\"[]".unicodeScalars.contains($0) })
        else { throw APIError.validation("'email' is not a valid email address") }
        return text.lowercased()
    }
}
