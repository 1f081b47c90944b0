import WishWithMeServer

/// The import's closing summary: a table of counts per kind, then what was refused and why.
struct CouchDBImportSummary {
    let report: CouchDBImportReport
    let verbose: Bool

    static let shownRefusals = 20

    var text: String {
        var lines = [report.dryRun ? "Dry run: nothing was written. A real run would do this:" : "Import finished."]
        let rows = CouchDBImportReport.kinds.map { kind in
            let tally = report.tally(kind)
            return [kind, "\(tally.imported)", "\(tally.alreadyPresent)", "\(tally.refused)"]
        }
        lines.append(TextTable(headers: ["KIND", report.dryRun ? "WOULD IMPORT" : "IMPORTED", "ALREADY HERE", "REFUSED"], rows: rows).rendered)
        if report.ignored > 0 { lines.append("\(report.ignored) documents of other types (design documents, unknown types) were skipped.") }
        if !report.refusals.isEmpty {
            lines.append("Refused by Hearth's rules (not imported):")
            let shown = verbose ? report.refusals : Array(report.refusals.prefix(Self.shownRefusals))
            lines += shown.map { "  \($0.kind) \($0.id): \($0.message)" }
            if shown.count < report.refusals.count {
                lines.append("  … and \(report.refusals.count - shown.count) more (--verbose lists them all)")
            }
        }
        if !report.notes.isEmpty {
            lines.append("Imported with changes:")
            lines += report.notes.map { "  \($0.kind) \($0.id): \($0.message)" }
        }
        return lines.joined(separator: "\n")
    }
}
