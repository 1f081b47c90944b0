/// What an import of an original PantryPal database did (or, in a dry run, would do), per
/// kind of row.
public struct PantryImportReport: Sendable, Hashable {
    /// One row, named by its id in the original database, and why it is listed.
    public struct Note: Sendable, Hashable {
        public var originalID: String
        public var reason: String
    }

    public struct Tally: Sendable, Hashable {
        /// Rows written by this run (in a dry run: rows that would be written).
        public var imported = 0
        /// Rows an earlier run (or the server itself) already holds; left untouched.
        public var alreadyPresent = 0
        /// Rows Hearth's rules do not accept; not imported.
        public var refused: [Note] = []
        /// Rows taken in with a change: imported differently from the original, or matched
        /// to a row Hearth already holds (counted in `imported` or `alreadyPresent`).
        public var adjusted: [Note] = []

        public var total: Int { imported + alreadyPresent + refused.count }
    }

    /// The original file.
    public let source: String
    public let dryRun: Bool
    public private(set) var tallies: [PantryImportKind: Tally]

    init(source: String, dryRun: Bool) {
        self.source = source
        self.dryRun = dryRun
        tallies = Dictionary(uniqueKeysWithValues: PantryImportKind.allCases.map { ($0, Tally()) })
    }

    public func tally(_ kind: PantryImportKind) -> Tally { tallies[kind] ?? Tally() }

    /// True when the run wrote (or would write) nothing.
    public var changedNothing: Bool { PantryImportKind.allCases.allSatisfy { tally($0).imported == 0 } }

    public var refused: [(kind: PantryImportKind, note: Note)] {
        PantryImportKind.allCases.flatMap { kind in tally(kind).refused.map { (kind, $0) } }
    }

    public var adjusted: [(kind: PantryImportKind, note: Note)] {
        PantryImportKind.allCases.flatMap { kind in tally(kind).adjusted.map { (kind, $0) } }
    }

    mutating func countImported(_ kind: PantryImportKind) { tallies[kind, default: Tally()].imported += 1 }
    mutating func countPresent(_ kind: PantryImportKind) { tallies[kind, default: Tally()].alreadyPresent += 1 }

    mutating func refuse(_ kind: PantryImportKind, _ originalID: String, _ reason: String) {
        tallies[kind, default: Tally()].refused.append(Note(originalID: originalID, reason: reason))
    }

    mutating func adjust(_ kind: PantryImportKind, _ originalID: String, _ reason: String) {
        tallies[kind, default: Tally()].adjusted.append(Note(originalID: originalID, reason: reason))
    }
}
