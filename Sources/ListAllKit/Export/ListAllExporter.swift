import Foundation

/// Exports a whole library (spec §2.2–2.4) as JSON, CSV or plain text. The exporter is
/// given every list, archived ones too, and applies `includeArchivedLists` itself (§10.3).
///
/// "Now" (the export date) and the human date formatter of the plain-text layout are
/// injected so that the output is reproducible.
public struct ListAllExporter: Sendable {
    public let now: Date
    public let humanDate: HumanDateFormat

    public init(now: Date, humanDate: HumanDateFormat) {
        self.now = now
        self.humanDate = humanDate
    }

    /// The export in `type`'s format.
    public func export(_ library: ListAllLibrary, as type: ExportFileType, options: ExportOptions) -> String {
        switch type {
        case .json: json(library, options: options)
        case .csv: csv(library, options: options)
        case .plainText: plainText(library, options: options)
        }
    }
}
