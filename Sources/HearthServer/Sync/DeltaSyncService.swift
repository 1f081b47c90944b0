import HearthCore
import HearthStore

/// The server side of spec/sync.md for one app: pulls from the change feed, and pushes
/// applied one mutation per transaction (so one bad mutation never undoes the others),
/// idempotently by `mutation_id`.
public struct DeltaSyncService: Sendable {
    public let documents: DocumentStore
    public let collections: [String: DocumentCollection]
    private let log: AppliedMutationLog
    /// How far ahead of the server a device clock may claim to be; later times are clamped
    /// so a wrong clock cannot make its edits win every conflict forever.
    public let maxClockAheadSeconds: Int64 = 300

    public init(documents: DocumentStore, collections: [DocumentCollection]) {
        self.documents = documents
        self.collections = Dictionary(collections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.log = AppliedMutationLog(app: documents.app)
    }

    public func pull(userID: String, since: Int64, limit: Int) async throws -> SyncChangesResponse {
        let page = try await documents.changes(for: userID, since: since, limit: limit)
        return SyncChangesResponse(changes: page.changes, cursor: String(page.cursor), hasMore: page.hasMore)
    }

    public func push(userID: String, mutations: [SyncMutation]) async throws -> SyncPushResponse {
        var results: [SyncMutationResult] = []
        results.reserveCapacity(mutations.count)
        for mutation in mutations {
            results.append(try await apply(mutation, userID: userID))
        }
        return SyncPushResponse(results: results)
    }

    func apply(_ mutation: SyncMutation, userID: String) async throws -> SyncMutationResult {
        func rejected(_ error: APIError, id: String?) -> SyncMutationResult {
            SyncMutationResult(mutationID: mutation.mutationID, status: .rejected, id: id, code: error.code, message: error.message)
        }
        let mutationID = mutation.mutationID
        guard !mutationID.isEmpty, mutationID.utf8.count <= 128,
            !mutationID.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            return rejected(.validation("mutation_id must be 1…128 printable characters"), id: mutation.targetID)
        }
        guard let collection = collections[mutation.collection] else {
            return rejected(APIError(.badRequest, code: .unknownCollection, message: "Unknown collection '\(mutation.collection.prefix(64))'"), id: mutation.targetID)
        }
        guard let id = mutation.targetID, DocumentID.isValid(id) else {
            return rejected(.validation("The document id is missing or invalid (1…\(DocumentID.maxLength) printable characters)"), id: mutation.targetID)
        }
        var validated: JSONValue?
        if mutation.op == .put {
            guard let incoming = mutation.doc?.data, case .object = incoming else {
                return rejected(.validation("A put needs doc.data, a JSON object"), id: id)
            }
            guard incoming.serialized().count <= collection.maxDocumentBytes else {
                return rejected(.validation("The document is larger than \(collection.maxDocumentBytes) bytes"), id: id)
            }
            do {
                validated = try collection.validate(incoming)
            } catch let error as APIError {
                return rejected(error, id: id)
            }
        }
        let data = validated
        let clientUpdatedAt = min(
            max(mutation.clientUpdatedAt, Timestamp(millisecondsSince1970: 0)),
            documents.clock.now.adding(seconds: maxClockAheadSeconds))
        let incomingEdit = LastWriteWins.Edit(clientUpdatedAt: clientUpdatedAt, userID: userID)

        return try await documents.write { writer in
            if let previous = try await log.result(of: mutation.mutationID, by: userID, in: writer.executor),
                let result = try? JSONValueDecoder().decode(SyncMutationResult.self, from: previous)
            {
                return result
            }
            let stored = try await writer.fetch(id)
            let result = try await decide(
                mutation, id: id, data: data, stored: stored, edit: incomingEdit, collection: collection, writer: writer)
            try await log.record(
                try JSONValueEncoder().encode(result), of: mutation.mutationID, by: userID, at: documents.clock.now,
                in: writer.executor)
            return result
        }
    }

    /// The order matters: nothing about a document the caller cannot read is revealed, so
    /// readability is settled before write rights, and write rights before conflicts.
    private func decide(
        _ mutation: SyncMutation, id: String, data: JSONValue?, stored: StoredDocument?, edit: LastWriteWins.Edit,
        collection: DocumentCollection, writer: DocumentWriter
    ) async throws -> SyncMutationResult {
        let mutationID = mutation.mutationID
        let userID = edit.userID
        if let stored, stored.collection != collection.name || !collection.rule.canRead(stored, userID: userID) {
            return SyncMutationResult(
                mutationID: mutationID, status: .rejected, id: id, code: .forbidden, message: "You cannot write this document")
        }
        if data == nil, stored == nil || stored?.deleted == true {
            // Deleting what is not there (or is already gone) is a harmless no-op.
            return SyncMutationResult(mutationID: mutationID, status: .applied, id: id, version: stored?.version)
        }
        let proposal = ProposedWrite(userID: userID, collection: collection.name, id: id, stored: stored, data: data)
        let access: Set<String>
        var data = data
        switch try await collection.rule.decide(proposal, reader: writer) {
        case .deny(let error):
            return SyncMutationResult(mutationID: mutationID, status: .rejected, id: id, code: error.code, message: error.message)
        case .skip:
            guard let stored, collection.rule.canRead(stored, userID: userID) else {
                return SyncMutationResult(mutationID: mutationID, status: .applied, id: id, version: stored?.version)
            }
            return SyncMutationResult(mutationID: mutationID, status: .conflict, id: id, doc: stored.syncDocument)
        case .allow(let audience, let normalised):
            if let normalised { data = normalised }
            guard let invalid = audience.first(where: { !DocumentID.isValid($0) }) else {
                access = audience
                break
            }
            return SyncMutationResult(
                mutationID: mutationID, status: .rejected, id: id, code: .validationFailed,
                message: "'\(invalid.prefix(64))' is not a valid user id")
        }
        if let stored, (mutation.baseVersion ?? 0) != stored.version,
            !LastWriteWins().incomingWins(edit, over: stored.lastEdit)
        {
            return SyncMutationResult(mutationID: mutationID, status: .conflict, id: id, doc: stored.syncDocument)
        }
        let saved = try await writer.save(
            DocumentWrite(
                id: id, collection: collection.name, data: data ?? stored?.data ?? .object([:]), deleted: mutation.op == .delete,
                access: access, clientUpdatedAt: edit.clientUpdatedAt, author: userID),
            replacing: stored)
        try await collection.rule.didSave(saved, previous: stored, by: userID, writer: writer)
        return SyncMutationResult(mutationID: mutationID, status: .applied, id: id, version: saved.version, seq: saved.seq)
    }
}
