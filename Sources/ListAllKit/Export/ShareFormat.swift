/// The formats a list, or the whole store, can be shared in (spec §2.6).
public enum ShareFormat: String, Sendable, Hashable, CaseIterable {
    case json
    case csv
    case plainText
    /// Not supported: the app is not publicly distributed, so there is nothing to link to.
    case url

    /// The file type a share in this format is written as; `nil` for `url`.
    public var fileType: ExportFileType? {
        switch self {
        case .json: .json
        case .csv: .csv
        case .plainText: .plainText
        case .url: nil
        }
    }
}

/// The file formats an export is written in (spec §2.5).
public enum ExportFileType: String, Sendable, Hashable, CaseIterable {
    case json
    case csv
    case plainText

    /// Without the dot: `json`, `csv`, `txt`.
    public var fileExtension: String {
        switch self {
        case .json: "json"
        case .csv: "csv"
        case .plainText: "txt"
        }
    }
}

/// What a share produced: plain text is handed over as a string, JSON and CSV as a file.
public enum SharePayload: Sendable, Hashable {
    case text(String)
    /// `contents` is written as UTF-8 without a BOM.
    case file(name: String, contents: String)
}
