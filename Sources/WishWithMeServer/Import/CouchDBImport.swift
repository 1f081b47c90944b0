import HearthCore
import HearthServer
import HearthStore

/// Moves an original Wish With Me deployment's data into Hearth (`hearth wish
/// import-couchdb`): users with their password hashes and OAuth links, wishlists, items,
/// share links with their tokens, grants, marks and bookmarks.
///
/// Guarantees:
/// - **Hearth's rules decide.** Wishlists, items and marks are judged by the same rules as
///   a push from their author; `access` is recomputed from grants, never copied. What
///   the rules refuse is reported in ``CouchDBImportReport/refusals`` and not imported.
/// - **Idempotent.** A document whose id Hearth already has is counted as already
///   present and left alone, so a second run changes nothing.
/// - **All or nothing.** The import is one transaction; a dry run rolls it back, so its
///   report is exactly what a real run would do.
public struct CouchDBImport: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules

    public init(database: any HearthDatabase, clock: any WallClock) {
        documents = DocumentStore(app: WishWithMeApp.appName, database: database, clock: clock)
        rules = WishWithMeRules(jobs: JobQueue(app: WishWithMeApp.appName, clock: clock))
    }

    /// - Parameter progress: hears (documents done, documents in all).
    public func run(_ snapshot: CouchDBSnapshot, dryRun: Bool, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        async throws -> CouchDBImportReport
    {
        do {
            return try await documents.write { writer in
                var run = ImportRun(writer: writer, rules: rules, report: CouchDBImportReport(dryRun: dryRun), total: snapshot.count, progress: progress)
                for _ in 0..<snapshot.unknown { run.report.ignore() }
                run.advance(by: snapshot.unknown)
                try await LegacyAccountImport().importUsers(snapshot.documents("user"), socialAccounts: snapshot.documents("social_account"), into: &run)
                try await LegacyContentImport().importWishlists(snapshot.documents("wishlist"), into: &run)
                try await LegacySharingImport().importShares(snapshot.documents("share"), into: &run)
                try await LegacyContentImport().importItems(snapshot.documents("item"), into: &run)
                try await LegacyContentImport().importMarks(snapshot.documents("mark"), into: &run)
                try await LegacySharingImport().importBookmarks(snapshot.documents("bookmark"), into: &run)
                if dryRun { throw DryRunRollback(report: run.report) }
                return run.report
            }
        } catch let rollback as DryRunRollback {
            return rollback.report
        }
    }

    private struct DryRunRollback: Error {
        let report: CouchDBImportReport
    }
}

/// The state of one import inside its transaction.
struct ImportRun {
    let writer: DocumentWriter
    let rules: WishWithMeRules
    var report: CouchDBImportReport
    let total: Int
    let progress: @Sendable (Int, Int) -> Void
    private(set) var done = 0

    init(writer: DocumentWriter, rules: WishWithMeRules, report: CouchDBImportReport, total: Int, progress: @escaping @Sendable (Int, Int) -> Void) {
        self.writer = writer
        self.rules = rules
        self.report = report
        self.total = total
        self.progress = progress
    }

    var context: WishWithMeWriteContext { WishWithMeWriteContext(writer: writer) }

    mutating func advance(by count: Int = 1) {
        done += count
        progress(done, total)
    }

    /// Whether Hearth already holds `id` (live or deleted): then an earlier run imported it,
    /// or a Hearth user deleted it since, and either way it is left alone.
    func exists(_ id: String) async throws -> Bool { try await writer.fetch(id) != nil }

    /// Stores an imported document as of the original's last edit, so a device holding a
    /// newer local edit still wins last-write-wins against it.
    func store(_ document: CouchDBDocument, in collection: WishWithMeCollection, data: JSONValue, access: Set<String>, author: String)
        async throws
    {
        let editedAt = document.updatedAt ?? writer.store.clock.now
        try await rules.save(
            DocumentWrite(id: document.id, collection: collection.rawValue, data: data, access: access, clientUpdatedAt: min(editedAt, writer.store.clock.now), author: author),
            replacing: nil, writer: writer)
    }
}
