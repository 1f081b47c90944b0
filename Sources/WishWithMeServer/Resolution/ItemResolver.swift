import Foundation
import HearthCore
import HearthOutbound
import HearthServer
import HearthStore
import Logging

/// Resolves an item added by URL (spec §6): claims it (`in_progress`, visible to clients),
/// fetches the page through the SSRF-safe fetcher, reads the product from its structured
/// data, downloads the image, and stores the result as `resolved` — or as `error` with a
/// `resolve_error` code once the job has no attempts left. Runs as a durable job, so a
/// crash mid-way is retried from the claim.
struct ItemResolver: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules
    /// What a link says about its product: the same lookup `hearth wish resolve` runs.
    let lookup: ProductLookup
    let instanceID: String
    let logger: Logger

    func run(_ job: JobContext) async throws {
        guard let itemID = job.payload["item_id"]?.stringValue, let sourceURL = try await claim(itemID) else { return }
        let outcome: ItemResolution
        do throws(OutboundError) {
            outcome = try await lookup.resolve(sourceURL)
        } catch where error.isTransient && job.attempt < ItemResolutionTrigger.maxAttempts {
            logger.info("item resolution will be retried", metadata: ["item": .string(itemID), "reason": .string(error.code)])
            throw error
        } catch {
            outcome = .failed(code: error.code)
        }
        try await store(outcome, itemID: itemID)
    }

    /// Marks the item `in_progress`; nil when there is nothing (left) to resolve.
    private func claim(_ itemID: String) async throws -> String? {
        try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            guard let item = try await context.live(itemID, in: .items), let url = item.data["source_url"]?.stringValue else { return nil }
            // The job queue runs one attempt at a time, so an `in_progress` item here is a
            // claim left by an attempt that crashed or timed out: take it over.
            guard ["pending", "in_progress"].contains(item.data["status"]?.stringValue) else { return nil }
            try await update(item, context: context) { body in
                body["status"] = "in_progress"
                body["claimed_by"] = .string(instanceID)
                body["claimed_at"] = .string(context.now)
                body["lease_expires_at"] = .string(LegacyTimestamp.format(writer.store.clock.now.adding(seconds: 600)))
            }
            return url
        }
    }

    private func store(_ outcome: ItemResolution, itemID: String) async throws {
        try await documents.write { writer in
            let context = WishWithMeWriteContext(writer: writer)
            // The owner may have edited or deleted the item meanwhile; then their version stands.
            guard let item = try await context.live(itemID, in: .items), item.data["status"]?.stringValue == "in_progress",
                item.data["claimed_by"]?.stringValue == instanceID
            else { return }
            try await update(item, context: context) { body in
                outcome.apply(to: &body, now: context.now, resolver: instanceID)
                for key in ["claimed_by", "claimed_at", "lease_expires_at"] { body[key] = .null }
            }
        }
    }

    private func update(_ item: StoredDocument, context: WishWithMeWriteContext, _ change: (inout [String: JSONValue]) -> Void)
        async throws
    {
        var body = item.data.objectValue ?? [:]
        change(&body)
        body["updated_at"] = .string(context.now)
        try await rules.save(
            DocumentWrite(
                id: item.id, collection: item.collection, data: .object(body), access: Set(item.access),
                clientUpdatedAt: context.writer.store.clock.now, author: item.data["owner_id"]?.stringValue ?? item.updatedBy),
            replacing: item, writer: context.writer)
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
