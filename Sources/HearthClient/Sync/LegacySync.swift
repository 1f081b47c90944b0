import HearthCore

/// The original apps' protocol, kept for servers without delta sync and to prove
/// compatibility (spec wishwithme.md §4.7): push every dirty document per collection,
/// then pull each collection in full and reconcile, with the iOS client's dirty flags,
/// soft deletes and protection of dirty and failed-push ids. Deliberate differences from
/// the iOS client, so no edit is re-pushed forever: a conflict's `server_document`
/// replaces the local copy (as the web client does), and an edit refused without one is
/// undone and reported, like a rejected delta mutation.
public struct LegacySync: SyncStrategy {
    /// Collections in push order.
    public var collections: [String]
    public var pushPath: @Sendable (String) -> String
    public var pullPath: @Sendable (String) -> String
    public var batchSize: Int

    public init(
        collections: [String], pushPath: @escaping @Sendable (String) -> String,
        pullPath: @escaping @Sendable (String) -> String, batchSize: Int = 500
    ) {
        self.collections = collections
        self.pushPath = pushPath
        self.pullPath = pullPath
        self.batchSize = batchSize
    }

    struct PushResponse: Decodable {
        struct Conflict: Decodable {
            var documentID: String
            var error: String?
            var serverDocument: JSONValue?

            enum CodingKeys: String, CodingKey {
                case documentID = "document_id"
                case error
                case serverDocument = "server_document"
            }

            /// Refused outright: the server sent no copy of its own.
            var isRefusal: Bool { serverDocument == nil || serverDocument?.isNull == true }
        }

        var conflicts: [Conflict]
    }

    struct PullResponse: Decodable {
        var documents: [JSONValue]
    }

    public func synchronize(_ store: LocalStore, with api: HearthAPI) async throws -> SyncReport {
        var report = SyncReport()
        var failed: [String: Set<String>] = [:]
        for collection in collections {
            let (dirty, through) = try store.takeDirtyDocuments(collection)
            for start in stride(from: 0, to: dirty.count, by: batchSize) {
                let batch = Array(dirty[start..<min(start + batchSize, dirty.count)])
                let response = try await api.json(
                    PushResponse.self, .post, pushPath(collection),
                    body: ["documents": JSONValue.array(batch.map(Self.wire))] as JSONValue)
                let conflicted = Set(response.conflicts.map(\.documentID))
                let refusals = response.conflicts.filter(\.isRefusal)
                failed[collection, default: []].formUnion(refusals.map(\.documentID))
                let accepted = batch.map(\.id).filter { !conflicted.contains($0) }
                try store.markClean(collection, ids: accepted, through: through)
                try store.acceptServerCopies(
                    collection,
                    response.conflicts.compactMap { conflict in
                        guard let copy = conflict.serverDocument, copy.objectValue != nil else { return nil }
                        return (id: conflict.documentID, data: copy)
                    }, through: through)
                try store.undoRefused(
                    collection, refusals.map { (id: $0.documentID, message: $0.error ?? "refused") }, through: through)
                report.rejected += refusals.count
                report.pushed += accepted.count
                report.conflicts += conflicted.count - refusals.count
            }
        }
        for collection in collections {
            let response = try await api.json(PullResponse.self, .get, pullPath(collection))
            let documents = response.documents.compactMap { document in
                document["_id"]?.stringValue.map { (id: $0, data: document) }
            }
            try store.applyLegacyPull(collection, documents: documents, protected: failed[collection] ?? [])
            report.pulled += documents.count
        }
        return report
    }

    /// A local document as the original clients pushed it: `_id`, and `_deleted` for a deletion.
    static func wire(_ document: LocalDocument) -> JSONValue {
        var object = document.data.objectValue ?? [:]
        object["_id"] = .string(document.id)
        if document.isDeleted { object["_deleted"] = true }
        return .object(object)
    }
}
