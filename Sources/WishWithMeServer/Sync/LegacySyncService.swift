import HearthCore
import HearthServer
import HearthStore

/// The original apps' sync (spec §4): pull the full visible set of a collection, push
/// documents one by one with per-document conflicts. Every document goes through
/// ``WishWithMeRules``, the same rules as Hearth's delta sync.
struct LegacySyncService: Sendable {
    let documents: DocumentStore
    let rules: WishWithMeRules

    static let maxDocumentsPerPush = 500
    static let maxDocumentBytes = 3 * 1024 * 1024

    struct Conflict: Sendable, Hashable {
        let documentID: String
        let error: String
        /// Present only when the caller may read the stored document (spec §8.10).
        let serverDocument: JSONValue?

        var json: JSONValue {
            ["document_id": .string(documentID), "error": .string(error), "server_document": serverDocument ?? .null]
        }
    }

    /// Every live document of `collection` the caller may hold, newest first, never
    /// truncated (spec §8.12: a missing document means "deleted" to both clients).
    func pull(_ collection: WishWithMeCollection, userID: String) async throws -> [JSONValue] {
        let visible = try await documents.database.read { executor in
            try await documents.documents(in: collection.rawValue, readableBy: userID, includingDeleted: false, executor: executor)
        }
        let readable = visible.filter { document in
            guard rules.canRead(document, userID: userID) else { return false }
            return collection != .shares || document.data["revoked"]?.boolValue != true
        }
        return
            readable
            .sorted { ($0.data["updated_at"]?.stringValue ?? "") > ($1.data["updated_at"]?.stringValue ?? "") }
            .map(LegacyDocument.render)
    }

    /// The live documents of `collection` in one wishlist that the caller may hold, by
    /// index (what a page of one wishlist needs, without reading the whole account), with
    /// the same readability rules as ``pull(_:userID:)``.
    func documents(_ collection: WishWithMeCollection, ofWishlist wishlistID: String, userID: String) async throws -> [JSONValue] {
        let related = try await documents.database.read { executor in
            try await DocumentRelations.documents(of: wishlistID, in: collection, store: documents, executor: executor)
        }
        return related.filter { document in
            guard rules.canRead(document, userID: userID) else { return false }
            return collection != .shares || document.data["revoked"]?.boolValue != true
        }.map(LegacyDocument.render)
    }

    /// The live document `id` of `collection` if the caller may read it.
    func document(_ id: String, in collection: WishWithMeCollection, userID: String) async throws -> JSONValue? {
        guard let stored = try await documents.fetch(id), stored.isLive(in: collection), rules.canRead(stored, userID: userID) else {
            return nil
        }
        return LegacyDocument.render(stored)
    }

    /// Applies the documents in order, in one transaction (one commit for the batch), and
    /// returns the conflicts: a refused or stale document is a conflict of its own and the
    /// others are stored; an engine failure stores nothing of the batch.
    func push(_ collection: WishWithMeCollection, userID: String, documents incoming: [JSONValue]) async throws -> [Conflict] {
        let onlyPuts = !incoming.contains { $0["_deleted"]?.boolValue == true }
        let isolation: DocumentWriteIsolation = onlyPuts && collection.allowsConcurrentPuts ? .documents : .exclusive
        return try await documents.write(isolation: isolation) { writer in
            try await writer.prefetch(incoming.compactMap { $0["_id"]?.stringValue })
            var conflicts: [Conflict] = []
            for document in incoming {
                if let conflict = try await apply(document, to: collection, userID: userID, writer: writer) {
                    conflicts.append(conflict)
                }
            }
            return conflicts
        }
    }

    private func apply(_ document: JSONValue, to collection: WishWithMeCollection, userID: String, writer: DocumentWriter)
        async throws -> Conflict?
    {
        guard document.objectValue != nil else {
            return Conflict(documentID: "unknown", error: "Document must be a JSON object", serverDocument: nil)
        }
        guard let id = document["_id"]?.stringValue, !id.isEmpty else {
            return Conflict(documentID: "unknown", error: "Document missing _id", serverDocument: nil)
        }
        let reportedID = String(id.prefix(128))
        guard document["type"]?.stringValue == collection.documentType else {
            return Conflict(documentID: reportedID, error: "Document type mismatch: expected \(collection.documentType)", serverDocument: nil)
        }
        guard document.serialized().count <= Self.maxDocumentBytes else {
            return Conflict(documentID: reportedID, error: "Document is larger than 3 MiB", serverDocument: nil)
        }
        let isDelete = document["_deleted"]?.boolValue == true
        let incomingUpdatedAt = document["updated_at"]?.stringValue
        let stored = try await writer.fetch(id)
        if isDelete, stored == nil || stored?.deleted == true { return nil }
        let proposal = ProposedWrite(
            userID: userID, collection: collection.rawValue, id: id, stored: stored, data: isDelete ? JSONValue?.none : document)
        let lastWriteWins = LegacyLastWriteWins(now: writer.store.clock.now)
        switch try await rules.decide(proposal, in: collection, writer: writer) {
        case .skip:
            return nil
        case .deny(let error):
            return Conflict(documentID: reportedID, error: error.message, serverDocument: revealed(stored, to: userID))
        case .allow(let access, let data):
            if let stored, !isDelete,
                !lastWriteWins.incomingWins(incoming: incomingUpdatedAt, stored: stored.data["updated_at"]?.stringValue)
            {
                return Conflict(documentID: reportedID, error: "Server has newer version", serverDocument: revealed(stored, to: userID))
            }
            try await rules.save(
                DocumentWrite(
                    id: id, collection: collection.rawValue, data: data ?? stored?.data ?? document, deleted: isDelete,
                    access: access, clientUpdatedAt: lastWriteWins.editTime(of: incomingUpdatedAt), author: userID),
                replacing: stored, writer: writer)
            return nil
        }
    }

    private func revealed(_ stored: StoredDocument?, to userID: String) -> JSONValue? {
        guard let stored, !stored.deleted, rules.canRead(stored, userID: userID) else { return nil }
        return LegacyDocument.render(stored)
    }
}
