import HearthCore
import HearthStore

/// The server side of spec/sync.md for one app: pulls from the change feed, and pushes
/// applied idempotently by `mutation_id`.
///
/// A push batch is one transaction with a savepoint per mutation: a mutation that is
/// rejected, conflicts or fails a rule leaves the others applied, and every result, its
/// idempotency record and its feed entries commit together with the data, once.
public struct DeltaSyncService: Sendable {
    public let documents: DocumentStore
    public let collections: [String: DocumentCollection]
    private let log: AppliedMutationLog
    /// Names of the collections whose ids are scoped to their owner.
    private let ownerScoped: Set<String>
    /// How far ahead of the server a device clock may claim to be.
    public let maxClockAheadSeconds: Int64 = 300

    /// One entry of a push body: a mutation to apply, or the answer already settled for
    /// one that could not even be decoded.
    public enum PushEntry: Sendable {
        case mutation(SyncMutation)
        case settled(SyncMutationResult)
    }

    public init(documents: DocumentStore, collections: [DocumentCollection]) {
        self.documents = documents
        self.collections = Dictionary(collections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.log = AppliedMutationLog(app: documents.app)
        self.ownerScoped = Set(collections.filter(\.ownerScoped).map(\.name))
    }

    public func pull(userID: String, since: Int64, limit: Int) async throws -> SyncChangesResponse {
        let page = try await documents.changes(for: userID, since: since, limit: limit)
        var changes = page.changes
        if !ownerScoped.isEmpty {
            for index in changes.indices where ownerScoped.contains(changes[index].collection) {
                let clientID = OwnerScope.clientID(storageID: changes[index].id, owner: userID)
                changes[index].id = clientID
                changes[index].doc?.id = clientID
            }
        }
        return SyncChangesResponse(changes: changes, cursor: String(page.cursor), hasMore: page.hasMore)
    }

    /// Applies a push batch in one transaction and answers one result per entry, in order.
    public func push(userID: String, entries: [PushEntry]) async throws -> SyncPushResponse {
        let latestClientTime = documents.clock.now.adding(seconds: maxClockAheadSeconds)
        let checked: [PreparedMutation.Check] = entries.map { entry in
            switch entry {
            case .settled(let result): .refused(result)
            case .mutation(let mutation):
                PreparedMutation.prepare(
                    mutation, userID: userID, collections: collections, latestClientTime: latestClientTime)
            }
        }
        let prepared = checked.compactMap { check -> PreparedMutation? in
            guard case .ready(let prepared) = check else { return nil }
            return prepared
        }
        if prepared.isEmpty {
            return SyncPushResponse(results: checked.compactMap { check in
                guard case .refused(let settled) = check else { return nil }
                return settled
            })
        }

        let concurrent = prepared.allSatisfy { $0.collection.concurrentPuts && $0.mutation.op == .put }
        let decided = try await documents.write(isolation: concurrent ? .documents : .exclusive) { writer in
            try await apply(prepared, userID: userID, writer: writer)
        }
        var results: [SyncMutationResult] = []
        results.reserveCapacity(entries.count)
        var next = decided.makeIterator()
        for entry in checked {
            switch entry {
            case .refused(let settled): results.append(settled)
            case .ready: if let result = next.next() { results.append(result) }
            }
        }
        return SyncPushResponse(results: results)
    }

    /// Decides every prepared mutation inside the batch's transaction. Statements are
    /// shared across the batch: the earlier answers of resent mutation ids come from one
    /// query, the stored documents from one more, and the new idempotency records are
    /// written together at the end.
    ///
    /// A conflict answers with the winning document, which may be large (a ListAll image):
    /// the idempotency record keeps the answer without it (a resent mutation gets the
    /// current winner, read again), and once the documents of one answer pass
    /// ``maxAnswerDocumentBytes`` the rest of the batch is not decided but answered
    /// `RETRY_LATER`, so a small push can never make the server build a huge answer.
    private func apply(_ batch: [PreparedMutation], userID: String, writer: DocumentWriter) async throws -> [SyncMutationResult] {
        // Documents first: on PostgreSQL this locks them, so a resent batch racing its
        // first attempt waits for it and then finds its answers below.
        try await writer.prefetch(batch.map(\.id))
        var answered = try await log.results(of: batch.map(\.mutation.mutationID), by: userID, in: writer.executor)
            .compactMapValues { try? JSONValueDecoder().decode(SyncMutationResult.self, from: $0) }
        var results: [SyncMutationResult] = []
        var records: [AppliedMutationLog.Record] = []
        var documentBytes = 0
        let now = documents.clock.now
        for prepared in batch {
            let mutationID = prepared.mutation.mutationID
            if let earlier = answered[mutationID] {
                let replay = try await withWinner(earlier, of: prepared, userID: userID, writer: writer)
                documentBytes += replay.documentBytes
                results.append(replay)
                continue
            }
            guard documentBytes < Self.maxAnswerDocumentBytes else {
                results.append(
                    SyncMutationResult(
                        mutationID: mutationID, status: .rejected, id: prepared.clientID, code: .retryLater,
                        message: "This push's answer is full; send this change again"))
                continue
            }
            let result = try await decideInSavepoint(prepared, writer: writer)
            var recorded = result
            recorded.doc = nil
            answered[mutationID] = recorded
            records.append(AppliedMutationLog.Record(mutationID: mutationID, result: recorded.jsonValue))
            documentBytes += result.documentBytes
            results.append(result)
        }
        try await log.record(records, by: userID, at: now, in: writer.executor)
        return results
    }

    /// The most document bytes one push answer carries before the rest is deferred.
    static let maxAnswerDocumentBytes = 16 * 1024 * 1024

    /// An earlier answer as it is sent again: a conflict gets the current winner, when the
    /// caller may read it.
    private func withWinner(
        _ earlier: SyncMutationResult, of prepared: PreparedMutation, userID: String, writer: DocumentWriter
    ) async throws -> SyncMutationResult {
        guard earlier.status == .conflict, earlier.doc == nil, let stored = try await writer.fetch(prepared.id),
            prepared.collection.rule.canRead(stored, userID: userID)
        else { return earlier }
        var replay = earlier
        replay.doc = stored.syncDocument
        return prepared.presented(replay)
    }

    /// A rule that throws a validation error rejects its own mutation only: everything it
    /// wrote is rolled back with the savepoint. Engine errors end the whole batch.
    private func decideInSavepoint(_ prepared: PreparedMutation, writer: DocumentWriter) async throws -> SyncMutationResult {
        do {
            return prepared.presented(
                try await writer.withSavepoint {
                    try await MutationDecision(prepared: prepared, writer: writer).decide()
                })
        } catch let error as APIError {
            return SyncMutationResult(
                mutationID: prepared.mutation.mutationID, status: .rejected, id: prepared.clientID, code: error.code,
                message: error.message)
        }
    }
}

extension SyncMutationResult {
    /// The size of the winning document a conflict carries (0 for other answers).
    var documentBytes: Int { doc.map { $0.data.serialized().count } ?? 0 }
}
