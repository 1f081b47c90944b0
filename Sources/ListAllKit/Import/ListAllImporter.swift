import Foundation

/// A finished import: the library as it is now, and what changed.
public struct ImportOutcome: Sendable, Hashable {
    /// Every list after the import, in store order; unchanged entities are equal to the
    /// ones passed in, new lists come last, replaced lists are gone.
    public var library: ListAllLibrary
    public var result: ImportResult

    public init(library: ListAllLibrary, result: ImportResult) {
        self.library = library
        self.result = result
    }
}

/// The import entry points of spec §3.1, as pure functions: each takes the current library
/// (every list, active and archived, in store order) and returns the new one. Nothing reads
/// the clock or makes ids except through `now` and `makeID`.
public struct ListAllImporter: Sendable {
    public let now: Date
    public let makeID: @Sendable () -> UUID

    public init(now: Date, makeID: @escaping @Sendable () -> UUID = UUID.init) {
        self.now = now
        self.makeID = makeID
    }

    // MARK: Import

    /// JSON only: decode, validate (if asked), apply the strategy.
    public func importFromJSON(
        _ data: Data, into library: ListAllLibrary, options: ImportOptions = .default,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws(ImportError) -> ImportOutcome {
        try apply(try decodeJSON(data), into: library, options: options, progress: progress)
    }

    public func importFromJSON(
        _ text: String, into library: ListAllLibrary, options: ImportOptions = .default,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws(ImportError) -> ImportOutcome {
        try importFromJSON(Data(text.utf8), into: library, options: options, progress: progress)
    }

    /// Plain text only, with the selected strategy.
    public func importFromPlainText(
        _ text: String, into library: ListAllLibrary, options: ImportOptions = .default,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws(ImportError) -> ImportOutcome {
        try apply(try parsePlainText(text), into: library, options: options, progress: progress)
    }

    /// Auto-detect: the whole JSON import first; on any error (a validation failure too),
    /// the bytes as UTF-8 text (`invalidFormat` if they are not), imported as plain text.
    public func importData(
        _ data: Data, into library: ListAllLibrary, options: ImportOptions = .default,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws(ImportError) -> ImportOutcome {
        do {
            return try importFromJSON(data, into: library, options: options, progress: progress)
        } catch {
            guard let text = ImportFormat.utf8Text(data) else { throw .invalidFormat }
            return try importFromPlainText(text, into: library, options: options, progress: progress)
        }
    }

    // MARK: Preview

    /// What `importData` would do. Decoding and parsing errors are thrown; validation
    /// failures and the errors the import would report are collected in `errors`.
    public func previewImport(
        _ data: Data, into library: ListAllLibrary, options: ImportOptions = .default
    ) throws(ImportError) -> ImportPreview {
        let document: ImportDocument
        if let decoded = try? decodeJSON(data) {
            document = decoded
        } else {
            guard let text = ImportFormat.utf8Text(data) else { throw .invalidFormat }
            document = try parsePlainText(text)
        }
        return preview(document, into: library, options: options)
    }

    public func previewImport(
        _ text: String, into library: ListAllLibrary, options: ImportOptions = .default
    ) throws(ImportError) -> ImportPreview {
        try previewImport(Data(text.utf8), into: library, options: options)
    }

    /// The preview of an already decoded document.
    public func preview(_ document: ImportDocument, into library: ListAllLibrary, options: ImportOptions)
        -> ImportPreview
    {
        var errors: [String] = []
        if options.validateData, let failure = ImportValidator.firstFailure(in: document) {
            errors.append(ImportError.validationFailed(failure).message)
        }
        let applier = ImportApplier(strategy: options.strategy, makeID: makeID, isPreview: true, progress: nil)
        let result = applier.apply(document, to: library).result
        return ImportPreview(
            listsToCreate: result.listsCreated, listsToUpdate: result.listsUpdated, itemsToCreate: result.itemsCreated,
            itemsToUpdate: result.itemsUpdated, conflicts: result.conflicts, errors: errors + result.errors)
    }

    // MARK: Steps

    /// The §2.2 document (or a bare shared list, wrapped) without validation.
    public func decodeJSON(_ data: Data) throws(ImportError) -> ImportDocument {
        try ImportJSONDecoder.decode(data, now: now)
    }

    /// Plain text parsed by the structured or the simple parser (§3.1), without validation.
    public func parsePlainText(_ text: String) throws(ImportError) -> ImportDocument {
        try PlainTextImportParser(now: now, makeID: makeID).parse(text)
    }

    /// Validates (if asked) and applies `document` with the chosen strategy.
    public func apply(
        _ document: ImportDocument, into library: ListAllLibrary, options: ImportOptions,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws(ImportError) -> ImportOutcome {
        if options.validateData { try ImportValidator.validate(document) }
        let applier = ImportApplier(strategy: options.strategy, makeID: makeID, isPreview: false, progress: progress)
        let (newLibrary, result) = applier.apply(document, to: library)
        return ImportOutcome(library: newLibrary, result: result)
    }
}
