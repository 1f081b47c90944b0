import Foundation

/// The two formats an import reads (spec §3.1).
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// The §2.2 export document, or a single shared list object (§10.7).
    case json
    /// The §2.4 / §2.6 text layout or a loose bulleted list (§3.3, §3.4).
    case plainText

    /// What `importData` reads these bytes as: JSON when they decode as an import document,
    /// otherwise plain text when they are UTF-8; nil when they are neither.
    public static func detect(_ data: Data) -> ImportFormat? {
        if (try? ImportJSONDecoder.decode(data, now: Date(timeIntervalSince1970: 0))) != nil { return .json }
        return utf8Text(data) == nil ? nil : .plainText
    }

    /// From a file name extension: `json`, or `txt` / `text`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "txt", "text": self = .plainText
        default: return nil
        }
    }

    static func utf8Text(_ data: Data) -> String? { String(validating: data, as: UTF8.self) }
}
