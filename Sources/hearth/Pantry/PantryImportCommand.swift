import ArgumentParser
import Foundation
import HearthCore
import PantryPalServer

struct PantryImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-sqlite",
        abstract: "Import the original PantryPal server's SQLite database into this server (safe to repeat; --dry-run to preview).",
        discussion: """
            Reads the database file of the original PantryPal server (stop that server first) \
            and copies its data into this Hearth server's PantryPal data: households and their \
            members, users, invites, locations, products, inventory, checkout history, grocery \
            lists, the sync change log, device tokens and notification preferences. The file is \
            opened read-only and never changed.

            People sign in as before: with their old password (its bcrypt hash is kept, and \
            replaced by Hearth's own on their first sign-in) or with Apple. Ids are kept, so the \
            original iOS app carries on with its cached data and sync position once it points \
            at this server.

            Safe to run again: a row Hearth already holds (same id) is left as it is and counted \
            as already present, so a second run changes nothing. The import is one transaction: \
            if anything fails, nothing is changed. With --dry-run it runs in full and is then \
            rolled back, reporting exactly what it would do.

            Rows Hearth's rules do not accept are not imported; the summary lists each with its \
            original id and the reason: a quantity of 0, a negative one or a fraction; an \
            expiration date that is not YYYY-MM-DD; a name or text longer than Hearth allows; an \
            e-mail already used by another account ignoring case (the older account is kept); a \
            reference to a household, user, product or location that does not exist or is itself \
            refused. Rows taken in with a change (a corrected location level, a household owner \
            who had left it) are listed as well. The summary goes to standard output, the \
            progress bar to standard error; the exit status is 0 when the import ran (refused \
            rows included) and 1 when the file is not a PantryPal database or the import failed.

            Run it before the app is pointed at Hearth: on SQLite, a running server's writes \
            wait until the import is done.

              hearth pantry import-sqlite pantrypal.db --dry-run
              hearth pantry import-sqlite pantrypal.db --data-dir /var/lib/hearth
              hearth pantry import-sqlite pantrypal.db --database-url postgres://db/hearth
            """)

    @Argument(help: ArgumentHelp("The original server's SQLite database file (e.g. pantrypal.db).", valueName: "file"))
    var file: String

    @Flag(help: "Report what would be imported; change nothing.")
    var dryRun = false

    @Flag(help: "List every refused or changed row, not only the first 20 of each.")
    var verbose = false

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        do {
            try await OriginalPantryPalImport.checkFile(file)
            let report = try await OperatorDatabase.open(storage).using { target in
                try await Self.withProgressBar(label: dryRun ? "Checking" : "Importing") { progress in
                    try await OriginalPantryPalImport(file: file, into: target.database).run(dryRun: dryRun, progress: progress)
                }
            }
            print(PantryImportSummary(report: report, verbose: verbose).text)
        } catch let error as OriginalPantryPalFileError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        } catch {
            throw CommandFailure.exit(error, context: "cannot import \(file)")
        }
    }

    /// Runs `work`, drawing the progress it reports as a bar on standard error.
    private static func withProgressBar<T: Sendable>(
        label: String, _ work: (@escaping @Sendable (PantryImportProgress) -> Void) async throws -> T
    ) async throws -> T {
        let (updates, continuation) = AsyncStream.makeStream(of: PantryImportProgress.self, bufferingPolicy: .bufferingNewest(1))
        let drawing = Task {
            var bar: Progress?
            var finished = true
            for await update in updates {
                if bar?.total != update.total { bar = Progress(label: label, total: update.total) }
                bar?.update(update.done)
                finished = update.done == update.total
            }
            // A bar left mid-line (the import failed) must not swallow the error message.
            if !finished { FileHandle.standardError.write(Data("\n".utf8)) }
        }
        do {
            let result = try await work { continuation.yield($0) }
            continuation.finish()
            await drawing.value
            return result
        } catch {
            continuation.finish()
            await drawing.value
            throw error
        }
    }
}

/// The end-of-import summary: counts per kind, then refused and changed rows.
struct PantryImportSummary {
    let report: PantryImportReport
    let verbose: Bool

    static let shownPerKind = 20

    var text: String {
        var lines = [
            report.dryRun
                ? "Dry run of importing \(report.source): nothing was changed. It would bring:"
                : "Imported \(report.source):"
        ]
        let header = ["", report.dryRun ? "would import" : "imported", "already present", "refused"]
        var rows = [header]
        for kind in PantryImportKind.allCases {
            let tally = report.tally(kind)
            rows.append([kind.label, String(tally.imported), String(tally.alreadyPresent), String(tally.refused.count)])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0) : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            lines.append("  " + cells.joined(separator: "   "))
        }
        lines += section("Refused (not imported):", report.refused)
        lines += section("Taken in with a change:", report.adjusted)
        if report.changedNothing, !report.dryRun {
            lines.append(
                report.refused.isEmpty
                    ? "Everything was already here; nothing changed." : "Nothing changed: every row is already here or refused.")
        }
        return lines.joined(separator: "\n")
    }

    private func section(_ title: String, _ notes: [(kind: PantryImportKind, note: PantryImportReport.Note)]) -> [String] {
        guard !notes.isEmpty else { return [] }
        var lines = ["", title]
        for kind in PantryImportKind.allCases {
            let ofKind = notes.filter { $0.kind == kind }.map(\.note)
            let shown = verbose ? ofKind : Array(ofKind.prefix(Self.shownPerKind))
            lines += shown.map { "  \(kind.label) \($0.originalID): \($0.reason)" }
            if shown.count < ofKind.count { lines.append("  … and \(ofKind.count - shown.count) more \(kind.label) (--verbose lists them all)") }
        }
        return lines
    }
}
