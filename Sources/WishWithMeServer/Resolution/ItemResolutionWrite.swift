import HearthCore
import HearthStore

/// How the resolver's bookkeeping reaches an item: through the collection rules, as a
/// write by the item's owner, so access and sync stay what any other write gives.
enum ItemResolutionWrite {
    /// Stores `outcome` on a claimed `item` and clears the claim (spec §6.3).
    static func save(
        _ outcome: ItemResolution, over item: StoredDocument, resolver: String, context: WishWithMeWriteContext, rules: WishWithMeRules
    ) async throws {
        try await update(item, context: context, rules: rules) { body in
            outcome.apply(to: &body, now: context.now, resolver: resolver)
            for key in ["claimed_by", "claimed_at", "lease_expires_at"] { body[key] = .null }
        }
    }

    /// Rewrites `item`'s body with `change` and a fresh `updated_at`.
    static func update(
        _ item: StoredDocument, context: WishWithMeWriteContext, rules: WishWithMeRules, _ change: (inout [String: JSONValue]) -> Void
    ) async throws {
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
