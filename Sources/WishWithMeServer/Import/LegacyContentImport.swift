import HearthCore
import HearthServer
import HearthStore

/// Wishlists, items and marks, each judged by the rule a push from its author meets
/// (`WishWithMeRules.decide`): the owner writes wishlists and items, the marker writes
/// marks, so surprise mode, mark permission (decision §10.4) and "fully marked" (§10.8)
/// hold for imported data as for new data. Items of deleted or missing wishlists are
/// refused (decision §10.3).
struct LegacyContentImport {
    func importWishlists(_ wishlists: [CouchDBDocument], into run: inout ImportRun) async throws {
        for wishlist in wishlists {
            try await importThroughRules(wishlist, in: .wishlists, author: wishlist["owner_id"], into: &run)
            run.advance()
        }
    }

    func importItems(_ items: [CouchDBDocument], into run: inout ImportRun) async throws {
        for item in items {
            try await importThroughRules(Self.resolverStatePrepared(item), in: .items, author: item["owner_id"], into: &run) { body in
                Self.restoreResolverState(of: item, in: &body)
            }
            run.advance()
        }
    }

    func importMarks(_ marks: [CouchDBDocument], into run: inout ImportRun) async throws {
        for mark in marks {
            try await importThroughRules(mark, in: .marks, author: mark["marked_by"], into: &run)
            run.advance()
        }
    }

    private func importThroughRules(
        _ document: CouchDBDocument, in collection: WishWithMeCollection, author: String?, into run: inout ImportRun,
        adjust: (inout [String: JSONValue]) -> Void = { _ in }
    ) async throws {
        let kind = collection.documentType
        if try await run.exists(document.id) { return run.report.alreadyPresent(kind) }
        guard let author, try await run.context.live(author, in: .users) != nil else {
            return run.report.refuse(document.id, kind: kind, because: "its author \((author ?? "(none)").prefix(80)) was not imported")
        }
        let write = ProposedWrite(userID: author, collection: collection.rawValue, id: document.id, stored: nil, data: document.body)
        switch try await run.rules.decide(write, in: collection, writer: run.writer) {
        case .deny(let error):
            run.report.refuse(document.id, kind: kind, because: error.message)
        case .skip:
            run.report.refuse(document.id, kind: kind, because: "moot")
        case .allow(let access, let normalised):
            var body = (normalised ?? document.body).objectValue ?? [:]
            // The rules stamp `updated_at` with now; an imported document keeps the original's.
            if let updated = document["updated_at"], LegacyTimestamp.tolerant(updated) != nil { body["updated_at"] = .string(updated) }
            adjust(&body)
            try await run.store(document, in: collection, data: .object(body), access: access, author: author)
            run.report.imported(kind)
        }
    }

    /// A client may only ask for `pending` or `resolved`; the resolver's own states are put
    /// back after the rule ran (`in_progress` restarts as `pending`: its lease is gone).
    private static func resolverStatePrepared(_ item: CouchDBDocument) -> CouchDBDocument {
        var fields = item.fields
        switch item["status"] {
        case "in_progress": fields["status"] = "pending"
        case "error": fields["status"] = "resolved"
        default: break
        }
        return CouchDBDocument(id: item.id, fields: fields)
    }

    private static func restoreResolverState(of item: CouchDBDocument, in body: inout [String: JSONValue]) {
        for key in ["resolve_confidence", "resolve_error", "resolved_at", "resolved_by"] { body[key] = item.fields[key] ?? .null }
        if item["status"] == "error" { body["status"] = "error" }
    }
}
