import ArgumentParser
import Foundation
import HearthCore
import ListAllKit

/// `--format` of an export.
enum ExportFormatArgument: String, ExpressibleByArgument, CaseIterable {
    case json, csv, text

    var fileType: ExportFileType {
        switch self {
        case .json: .json
        case .csv: .csv
        case .text: .plainText
        }
    }
}

struct ListExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export every list in the app's JSON, CSV or text format.",
        discussion: """
            The output is byte-for-byte what the ListAll app writes. Its "now" is \
            SOURCE_DATE_EPOCH when set (reproducible output) and its time zone TZ. Without \
            --output it goes to standard output.
            """)

    @OptionGroup var options: ListOptions
    @Option(help: "json (default), csv or text.") var format: ExportFormatArgument = .json
    @Flag(help: "Leave out crossed-out items, descriptions, quantities, dates and images.") var minimal = false
    @Flag(help: "Include archived lists.") var includeArchived = false
    @Flag(help: "Leave out crossed-out items.") var noCrossedOut = false
    @Flag(help: "Leave out descriptions (text format).") var noDescriptions = false
    @Flag(help: "Leave out quantities (text format).") var noQuantities = false
    @Flag(help: "Leave out dates (text format).") var noDates = false
    @Flag(help: "Leave out pictures (JSON format).") var noImages = false
    @Option(help: "Write to this file instead of standard output.") var output: String?

    var exportOptions: ExportOptions {
        var options = minimal ? ExportOptions.minimal : ExportOptions.default
        if includeArchived { options.includeArchivedLists = true }
        if noCrossedOut { options.includeCrossedOutItems = false }
        if noDescriptions { options.includeDescriptions = false }
        if noQuantities { options.includeQuantities = false }
        if noDates { options.includeDates = false }
        if noImages { options.includeImages = false }
        return options
    }

    func run() async throws {
        let clock = try ExportClock()
        try await ListSession.run(options) { client, printer in
            let text = try await client.transfer.export(
                as: format.fileType, options: exportOptions, now: clock.now, humanDate: clock.humanDate)
            guard let output else {
                FileHandle.standardOutput.write(Data(text.utf8))
                return
            }
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw CommandError("Cannot write \(output); check the path and its permissions.")
            }
            try printer.result(
                "Wrote \(output) (\(text.utf8.count) bytes). The app would name it \(ExportFileName.wholeStore(format.fileType, now: clock.now, timeZone: clock.timeZone)).",
                json: ["path": .string(output), "bytes": .int(Int64(text.utf8.count))])
        }
    }
}

struct ListShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Print one list as the app shares it: text (default) or a JSON list.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var options: ListOptions
    @Argument(help: "The list: its id or exact name.") var list: String
    @Option(help: "text (default) or json.") var format: Format = .text
    @Flag(help: "Leave out crossed-out items, descriptions, quantities and pictures.") var minimal = false

    func run() async throws {
        let clock = try ExportClock()
        try await ListSession.run(options) { client, printer in
            let payload = try await client.transfer.share(
                list, format: format == .json ? .json : .plainText, options: minimal ? .shareMinimal : .shareDefault,
                now: clock.now, timeZone: clock.timeZone, humanDate: clock.humanDate)
            switch payload {
            case .text(let text):
                FileHandle.standardOutput.write(Data(text.utf8))
            case .file(let name, let contents):
                printer.note("The app would share this as \(name).")
                FileHandle.standardOutput.write(Data(contents.utf8))
            }
        }
    }
}

struct ListImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import lists from a ListAll export (JSON or text) or from a plain bulleted list.",
        discussion: """
            merge (default) updates the lists and items that match and adds the rest; \
            replace deletes every active list first and imports with the file's ids; append \
            adds everything as new. --preview says what would change and changes nothing.
            """)

    enum Strategy: String, ExpressibleByArgument, CaseIterable { case merge, replace, append }

    @OptionGroup var options: ListOptions
    @Argument(help: "The file to import, or - for standard input.") var file: String
    @Option(help: "merge (default), replace or append.") var strategy: Strategy = .merge
    @Flag(help: "Show what the import would do without changing anything.") var preview = false

    var importOptions: ImportOptions {
        switch strategy {
        case .merge: .merge
        case .replace: .replace
        case .append: .append
        }
    }

    func run() async throws {
        let data = try readInput()
        guard !data.isEmpty else { throw CommandError("Please enter JSON data to import: the input is empty.") }
        try await ListSession.run(options) { client, output in
            if preview {
                let plan = try await client.transfer.preview(data, options: importOptions)
                try output.result(ImportReport.text(plan), json: ImportReport.json(plan))
                return
            }
            let bar = ImportProgressBar()
            let result = try await client.transfer.importData(data, options: importOptions) { bar.show($0) }
            bar.finish()
            await output.syncAfterWrite(client)
            try output.result(result.displayMessage, json: ImportReport.json(result))
            if !result.wasSuccessful { throw ExitCode.failure }
        }
    }

    private func readInput() throws -> Data {
        if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError("Cannot read \(file); check the path (or pass - to read standard input).")
        }
        return data
    }
}
