import HearthCore
import HearthServer
import HearthStore
import Logging

/// Settles items the resolution jobs left behind (spec §6.6, hardened): an `in_progress`
/// item whose claim expired belongs to a job that gave up (its last attempt timed out or
/// its worker died), so it becomes `error` with `resolve_error: "TIMEOUT"` for the user to
/// retry; a `pending` item with a link that no job picked up for ten minutes (restored from
/// a backup, imported, or written while jobs were failing) and has none queued gets one. Runs with the
/// server's housekeeping, at start-up and hourly, in every process: both repairs are
/// idempotent, and a second job for an item finds it claimed or done.
struct StaleResolutionSweep: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules
    let jobs: JobQueue
    let instanceID: String
    let logger: Logger

    /// Items looked at per run, oldest first; the next run takes the rest.
    static let batchSize = 500
    static let unpickedPendingSeconds: Int64 = 600

    struct Report: Sendable, Equatable {
        var timedOut = 0
        var requeued = 0
    }

    @discardableResult
    func run() async throws -> Report {
        let report = try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            let now = writer.store.clock.now
            var report = Report()
            let inHand = Set(
                try await jobs.unfinishedPayloads(kind: ItemResolutionTrigger.jobKind, in: writer.executor).compactMap {
                    $0["item_id"]?.stringValue
                })
            let candidates = try await documents.liveDocuments(
                in: WishWithMeCollection.items.rawValue, containingAnyOf: ["in_progress", "pending"], limit: Self.batchSize,
                executor: writer.executor)
            for item in candidates {
                switch item.data["status"]?.stringValue {
                case "in_progress" where ItemResolver.leaseHasExpired(item, now: now):
                    try await ItemResolutionWrite.save(
                        .failed(code: "TIMEOUT"), over: item, resolver: instanceID, context: context, rules: rules)
                    report.timedOut += 1
                case "pending" where !inHand.contains(item.id) && Self.needsAJob(item, now: now):
                    try await jobs.enqueue(
                        kind: ItemResolutionTrigger.jobKind, payload: ["item_id": .string(item.id)],
                        maxAttempts: ItemResolutionTrigger.maxAttempts, in: writer.executor)
                    report.requeued += 1
                default: continue
                }
            }
            return report
        }
        if report != Report() {
            logger.notice(
                "settled items left behind by item resolution",
                metadata: ["timed_out": "\(report.timedOut)", "requeued": "\(report.requeued)"])
        }
        return report
    }

    private static func needsAJob(_ item: StoredDocument, now: Timestamp) -> Bool {
        guard let url = item.data["source_url"]?.stringValue, !url.isEmpty else { return false }
        return item.updatedAt.adding(seconds: unpickedPendingSeconds) < now
    }
}
