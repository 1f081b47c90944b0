/// The bookkeeping of one import run: what became of every original row so far, so a
/// later row can tell whether what it refers to made it into Hearth, and the report.
struct ImportLedger {
    private enum Outcome {
        /// Imported now or already present: rows may refer to it.
        case accepted
        case refused
    }

    private(set) var report: PantryImportReport
    private var outcomes: [PantryImportKind: [String: Outcome]] = [:]
    private var done = 0
    private let total: Int
    private let progress: @Sendable (PantryImportProgress) -> Void

    /// The Hearth id of each accepted original product: its own id, or the id of the
    /// product Hearth already holds under the same UPC.
    var productIDs: [String: String] = [:]
    /// The household (`nil`: global) of each accepted product, by original id.
    var productHouseholds: [String: String?] = [:]
    /// The household of each accepted location, by id.
    var locationHouseholds: [String: String] = [:]
    /// The household each accepted user belongs to in Hearth (absent: none).
    var userHouseholds: [String: String] = [:]

    init(report: PantryImportReport, total: Int, progress: @escaping @Sendable (PantryImportProgress) -> Void) {
        self.report = report
        self.total = total
        self.progress = progress
        progress(PantryImportProgress(done: 0, total: total))
    }

    mutating func imported(_ kind: PantryImportKind, _ id: String) {
        outcomes[kind, default: [:]][id] = .accepted
        report.countImported(kind)
        step()
    }

    mutating func alreadyPresent(_ kind: PantryImportKind, _ id: String) {
        outcomes[kind, default: [:]][id] = .accepted
        report.countPresent(kind)
        step()
    }

    mutating func refused(_ kind: PantryImportKind, _ id: String, _ reason: String) {
        if outcomes[kind]?[id] == nil { outcomes[kind, default: [:]][id] = .refused }
        report.refuse(kind, id, reason)
        step()
    }

    /// Notes a change made to a row on its way in; the row is still counted once.
    mutating func adjusted(_ kind: PantryImportKind, _ id: String, _ reason: String) {
        report.adjust(kind, id, reason)
    }

    func isAccepted(_ kind: PantryImportKind, _ id: String) -> Bool { outcomes[kind]?[id] == .accepted }

    /// Refuses unless the `kind` row `id` (named by `column`) was accepted.
    func requireAccepted(_ kind: PantryImportKind, _ id: String, column: String) throws(ImportRefusal) {
        switch outcomes[kind]?[id] {
        case .accepted: return
        case .refused: throw ImportRefusal("\(column) \(id) refers to a \(kind.singular) that is refused")
        case nil: throw ImportRefusal("\(column) \(id) refers to a \(kind.singular) that does not exist")
        }
    }

    private mutating func step() {
        done += 1
        progress(PantryImportProgress(done: min(done, total), total: total))
    }
}
