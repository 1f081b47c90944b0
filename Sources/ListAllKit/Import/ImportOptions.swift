/// How incoming lists meet the ones already there (spec §3.5).
public enum ImportStrategy: String, Sendable, Hashable, CaseIterable {
    /// Update matching lists and items, add the rest.
    case merge
    /// Delete every active list, then import with the original ids.
    case replace
    /// Add everything as new, with new ids.
    case append

    /// The option's name, in display order `merge`, `replace`, `append`.
    public var label: String {
        switch self {
        case .merge: "Merge"
        case .replace: "Replace All"
        case .append: "Append as New"
        }
    }

    /// The line shown under the label.
    public var explanation: String {
        switch self {
        case .merge: "Update existing items and add new ones"
        case .replace: "Delete all data and import fresh"
        case .append: "Create duplicates with new IDs"
        }
    }

    /// Whether incoming ids are kept (merge, replace) or replaced by new ones (append).
    var keepsOriginalIDs: Bool { self != .append }
}

/// The choices of one import (spec §3.1): merge with validation unless told otherwise.
public struct ImportOptions: Sendable, Hashable {
    public var strategy: ImportStrategy
    /// Check the version, names, titles and quantities before anything changes (§3.2).
    public var validateData: Bool

    public init(strategy: ImportStrategy = .merge, validateData: Bool = true) {
        self.strategy = strategy
        self.validateData = validateData
    }

    public static let `default` = ImportOptions()
    public static let merge = ImportOptions(strategy: .merge)
    public static let replace = ImportOptions(strategy: .replace)
    public static let append = ImportOptions(strategy: .append)
}
