import Foundation

/// Export, sharing and import of the person's lists (spec §2, §3), on the library this
/// device holds. An import saves what changed in one local transaction, so it reaches the
/// other devices with the next sync.
public struct TransferService: Sendable {
    let context: ListAllContext

    init(_ context: ListAllContext) { self.context = context }

    /// The whole store in `type`, as the app exports it.
    public func export(
        as type: ExportFileType, options: ExportOptions = .default, now: Date? = nil, humanDate: HumanDateFormat = .standard()
    ) async throws -> String {
        ListAllExporter(now: now ?? context.now, humanDate: humanDate).export(try await context.read(), as: type, options: options)
    }

    /// One list shared as text, CSV or JSON (§2.6).
    public func share(
        _ reference: String, format: ShareFormat, options: ExportOptions = .shareDefault, now: Date? = nil,
        timeZone: TimeZone = .current, humanDate: HumanDateFormat = .standard()
    ) async throws -> SharePayload {
        let library = try await context.read()
        let list = try library.anyList(reference)
        return try ListShare(now: now ?? context.now, timeZone: timeZone, humanDate: humanDate).share(
            list, in: library, format: format, options: options)
    }

    /// What importing `data` would do, without doing it.
    public func preview(_ data: Data, options: ImportOptions = .default) async throws -> ImportPreview {
        try ListAllImporter(now: context.now).previewImport(data, into: try await context.read(), options: options)
    }

    /// Imports JSON or text (detected) with `options`, reporting progress, and saves the result.
    @discardableResult
    public func importData(
        _ data: Data, options: ImportOptions = .default, progress: ((ImportProgress) -> Void)? = nil
    ) async throws -> ImportResult {
        let importer = ListAllImporter(now: context.now)
        return try await context.edit { library in
            let outcome = try importer.importData(data, into: library, options: options, progress: progress)
            library = outcome.library
            return outcome.result
        }
    }
}
