import Foundation
import HearthCore
import HearthOutbound
import HearthServer
import HearthStore
import Logging

/// Resolves an item added by URL (spec §6): claims it (`in_progress`, visible to clients),
/// looks the link up, and stores the result as `resolved` — or as `error` with a
/// `resolve_error` code once the job has no attempts left. Runs as a durable job, so a
/// crash mid-way is retried from the claim; ``StaleResolutionSweep`` settles claims whose
/// job gave up.
struct ItemResolver: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules
    /// What a link says about its product: the same lookup `hearth wish resolve` runs.
    let lookup: ProductLookup
    let instanceID: String
    let metrics: ResolutionMetrics
    let logger: Logger

    /// How long a claim holds: longer than every attempt of a job together (3 × 90 s plus
    /// back-off), so a live claim is never taken over by a second job for the same item.
    static let leaseSeconds: Int64 = 600

    func run(_ job: JobContext) async throws {
        guard let itemID = job.payload["item_id"]?.stringValue else { return }
        // One job's attempts share a claim; another job for the same item leaves it alone.
        let claimant = "\(instanceID)/job:\(job.id)"
        guard let sourceURL = try await claim(itemID, as: claimant) else { return }
        let started = ContinuousClock.now
        let outcome: ItemResolution
        do throws(OutboundError) {
            outcome = try await lookup.resolve(sourceURL)
        } catch where error.isTransient && job.attempt < ItemResolutionTrigger.maxAttempts {
            logger.info("item resolution will be retried", metadata: ["item": .string(itemID), "reason": .string(error.code)])
            metrics.recordResolution(outcome: "retry", duration: ContinuousClock.now - started)
            throw error
        } catch {
            outcome = .failed(code: error.code)
        }
        metrics.recordResolution(outcome: outcome.metricLabel, duration: ContinuousClock.now - started)
        try await store(outcome, itemID: itemID, claimant: claimant)
    }

    /// Marks the item `in_progress`; nil when there is nothing (left) to resolve, or another
    /// job holds a live claim on it.
    private func claim(_ itemID: String, as claimant: String) async throws -> String? {
        try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            guard let item = try await context.live(itemID, in: .items), let url = item.data["source_url"]?.stringValue else { return nil }
            switch item.data["status"]?.stringValue {
            case "pending": break
            case "in_progress":
                // Ours from an earlier attempt, or left by a job that gave up: take it over.
                let isOurs = item.data["claimed_by"]?.stringValue == claimant
                guard isOurs || Self.leaseHasExpired(item, now: writer.store.clock.now) else { return nil }
            default: return nil
            }
            try await ItemResolutionWrite.update(item, context: context, rules: rules) { body in
                body["status"] = "in_progress"
                body["claimed_by"] = .string(claimant)
                body["claimed_at"] = .string(context.now)
                body["lease_expires_at"] = .string(LegacyTimestamp.format(writer.store.clock.now.adding(seconds: Self.leaseSeconds)))
            }
            return url
        }
    }

    /// Whether an `in_progress` item's claim is over (a claim without a readable lease is).
    static func leaseHasExpired(_ item: StoredDocument, now: Timestamp) -> Bool {
        guard let lease = item.data["lease_expires_at"]?.stringValue.flatMap(LegacyTimestamp.init) else { return true }
        return lease.instant < now
    }

    private func store(_ outcome: ItemResolution, itemID: String, claimant: String) async throws {
        try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            // The owner may have edited or deleted the item meanwhile; then their version stands.
            guard let item = try await context.live(itemID, in: .items), item.data["status"]?.stringValue == "in_progress",
                item.data["claimed_by"]?.stringValue == claimant
            else { return }
            try await ItemResolutionWrite.save(outcome, over: item, resolver: instanceID, context: context, rules: rules)
        }
    }
}

extension OutboundError {
    /// Worth another attempt later: the site may be back.
    var isTransient: Bool {
        switch self {
        case .timeout, .transport: true
        case .httpStatus(let status): status >= 500 || status == 429
        default: false
        }
    }
}
