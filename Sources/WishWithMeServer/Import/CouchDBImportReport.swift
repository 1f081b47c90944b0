/// What an import from the original CouchDB did (or, in a dry run, would do): per kind of
/// document, how many were imported, how many Hearth already had (from an earlier run),
/// and which ones Hearth's rules refused, with the reason.
public struct CouchDBImportReport: Sendable {
    /// The kinds in the order they are imported (users first: everything else points at them).
    public static let kinds = ["user", "social_account", "wishlist", "share", "item", "mark", "bookmark"]

    public struct Tally: Sendable, Hashable {
        public var imported = 0
        public var alreadyPresent = 0
        public var refused = 0
    }

    /// One document not imported, or imported with a change worth telling the operator.
    public struct Finding: Sendable, Hashable {
        public let id: String
        public let kind: String
        public let message: String
    }

    public private(set) var tallies: [String: Tally] = [:]
    /// Documents the hardened rules refused; nothing of them was imported.
    public private(set) var refusals: [Finding] = []
    /// Documents imported with something dropped or repaired (a taken slug, a boolean quantity).
    public private(set) var notes: [Finding] = []
    /// Documents of a type the original never synced (design documents, unknown types).
    public private(set) var ignored = 0
    public let dryRun: Bool

    init(dryRun: Bool) { self.dryRun = dryRun }

    public func tally(_ kind: String) -> Tally { tallies[kind] ?? Tally() }

    public var importedCount: Int { tallies.values.reduce(0) { $0 + $1.imported } }

    mutating func imported(_ kind: String) { tallies[kind, default: Tally()].imported += 1 }
    mutating func alreadyPresent(_ kind: String) { tallies[kind, default: Tally()].alreadyPresent += 1 }
    mutating func ignore() { ignored += 1 }

    mutating func refuse(_ id: String, kind: String, because message: String) {
        tallies[kind, default: Tally()].refused += 1
        refusals.append(Finding(id: id, kind: kind, message: message))
    }

    mutating func note(_ id: String, kind: String, _ message: String) {
        notes.append(Finding(id: id, kind: kind, message: message))
    }
}
