import Foundation

/// Document ids: opaque strings chosen by clients (usually `{type}:{uuid}`), never
/// rewritten by the server. This type holds the rules every id must satisfy.
public enum DocumentID {
    public static let maxLength = 200

    /// A fresh id of the form `{type}:{lowercase uuid}`.
    public static func make(type: String) -> String {
        "\(type):\(UUID().uuidString.lowercased())"
    }

    /// Whether `id` may name a document: 1…200 bytes of printable characters, no whitespace.
    public static func isValid(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= maxLength else { return false }
        // Nearly every id is ASCII: printable ASCII is exactly 0x21…0x7E, no property lookup.
        if id.utf8.allSatisfy({ $0 < 0x80 }) { return id.utf8.allSatisfy { (0x21...0x7E).contains($0) } }
        return id.unicodeScalars.allSatisfy { scalar in
            !scalar.properties.isWhitespace && !(scalar.value < 0x20) && scalar.value != 0x7F
        }
    }

    /// The `{type}` prefix of a `{type}:{uuid}` id, if it has one.
    public static func typePrefix(of id: String) -> String? {
        guard let colon = id.firstIndex(of: ":"), colon != id.startIndex else { return nil }
        return String(id[..<colon])
    }
}
