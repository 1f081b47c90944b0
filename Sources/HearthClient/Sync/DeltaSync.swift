import HearthCore

/// Hearth's delta protocol (spec/sync.md): push queued mutations in order, in batches,
/// then pull the change feed from the saved cursor until it is exhausted.
public struct DeltaSync: SyncStrategy {
    /// Where the app mounts `…/sync/{changes,push}`, relative to the API base URL.
    public var path: String
    public var pushBatchSize: Int
    public var pullPageSize: Int

    public init(path: String = "api/hearth/v1/sync", pushBatchSize: Int = 200, pullPageSize: Int = 1000) {
        self.path = path
        self.pushBatchSize = min(pushBatchSize, SyncPushLimits.maxMutations)
        self.pullPageSize = min(pullPageSize, SyncPullLimits.maxLimit)
    }

    public func synchronize(_ store: LocalStore, with api: HearthAPI) async throws -> SyncReport {
        var report = try await push(store, api)
        report.pulled = try await pull(store, api)
        return report
    }

    func push(_ store: LocalStore, _ api: HearthAPI) async throws -> SyncReport {
        var report = SyncReport()
        while true {
            let batch = try store.takeMutationsToSend(limit: pushBatchSize)
            guard !batch.isEmpty else { return report }
            let response = try await api.json(
                SyncPushResponse.self, .post, "\(path)/push", body: SyncPushRequest(mutations: batch.map(Self.wire)))
            let results = Dictionary(response.results.map { ($0.mutationID, $0) }, uniquingKeysWith: { first, _ in first })
            let answered = try batch.map { mutation in
                guard let result = results[mutation.mutationID] else {
                    throw ClientError.invalidResponse("the server did not answer mutation \(mutation.mutationID)")
                }
                return (mutation, result)
            }
            try store.recordPushResults(answered)
            for (_, result) in answered where !result.isDeferred {
                switch result.status {
                case .applied: report.pushed += 1
                case .conflict: report.conflicts += 1
                case .rejected: report.rejected += 1
                }
            }
        }
    }

    /// Pulls until `has_more` is false; a cursor the server no longer knows restarts from
    /// the beginning and drops what the server stopped sending (see ``LocalStore/beginResync()``).
    func pull(_ store: LocalStore, _ api: HearthAPI) async throws -> Int {
        if try store.state(.cursor) == nil, try !store.isResyncing() { try store.beginResync() }
        var since = try store.state(.cursor) ?? "0"
        var pulled = 0
        while true {
            let page: SyncChangesResponse
            do {
                page = try await api.json(
                    SyncChangesResponse.self, .get, "\(path)/changes", query: ["since": since, "limit": String(pullPageSize)])
            } catch ClientError.server(410, _, _) where since != "0" {
                try store.beginResync()
                since = "0"
                continue
            }
            try store.applyChanges(page.changes, cursor: page.cursor)
            pulled += page.changes.count
            since = page.cursor
            if !page.hasMore { break }
        }
        if try store.isResyncing() { try store.finishResync() }
        return pulled
    }

    static func wire(_ mutation: PendingMutation) -> SyncMutation {
        switch mutation.operation {
        case .put:
            SyncMutation(
                mutationID: mutation.mutationID, collection: mutation.collection, op: .put,
                doc: .init(id: mutation.documentID, data: payload(mutation.data ?? [:])),
                baseVersion: mutation.baseVersion, clientUpdatedAt: mutation.clientUpdatedAt)
        case .delete:
            SyncMutation(
                mutationID: mutation.mutationID, collection: mutation.collection, op: .delete, id: mutation.documentID,
                baseVersion: mutation.baseVersion, clientUpdatedAt: mutation.clientUpdatedAt)
        }
    }

    /// The app's fields only: server metadata (`_id`, `_rev`, `access`…) is the server's.
    public static func payload(_ data: JSONValue) -> JSONValue {
        guard let object = data.objectValue else { return data }
        return .object(object.filter { key, _ in !key.hasPrefix("_") && key != "access" })
    }
}
