/// One client write in `POST …/sync/push`.
public struct SyncMutation: Codable, Sendable, Hashable {
    public enum Operation: String, Codable, Sendable {
        case put
        case delete
    }

    /// The document a `put` writes: its id and the app's JSON object.
    public struct Document: Codable, Sendable, Hashable {
        public var id: String
        public var data: JSONValue

        public init(id: String, data: JSONValue) {
            self.id = id
            self.data = data
        }
    }

    public var mutationID: String
    public var collection: String
    public var op: Operation
    public var doc: Document?
    /// The id a `delete` removes (a `put` names it in `doc`).
    public var id: String?
    /// The version the client last saw; absent or 0 for a document it creates.
    public var baseVersion: Int64?
    public var clientUpdatedAt: Timestamp

    public init(
        mutationID: String, collection: String, op: Operation, doc: Document? = nil, id: String? = nil,
        baseVersion: Int64?, clientUpdatedAt: Timestamp
    ) {
        self.mutationID = mutationID
        self.collection = collection
        self.op = op
        self.doc = doc
        self.id = id
        self.baseVersion = baseVersion
        self.clientUpdatedAt = clientUpdatedAt
    }

    /// The id this mutation targets, whichever field carries it.
    public var targetID: String? { doc?.id ?? id }

    enum CodingKeys: String, CodingKey {
        case collection, op, doc, id
        case mutationID = "mutation_id"
        case baseVersion = "base_version"
        case clientUpdatedAt = "client_updated_at"
    }
}

public struct SyncPushRequest: Codable, Sendable, Hashable {
    public var mutations: [SyncMutation]

    public init(mutations: [SyncMutation]) { self.mutations = mutations }
}

/// What happened to one mutation.
public struct SyncMutationResult: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable {
        case applied
        case conflict
        case rejected
    }

    public var mutationID: String
    public var status: Status
    public var id: String?
    public var version: Int64?
    public var seq: Int64?
    /// For `conflict`: the winning document, when the caller may read it.
    public var doc: SyncDocument?
    public var code: HearthErrorCode?
    public var message: String?

    public init(
        mutationID: String, status: Status, id: String?, version: Int64? = nil, seq: Int64? = nil,
        doc: SyncDocument? = nil, code: HearthErrorCode? = nil, message: String? = nil
    ) {
        self.mutationID = mutationID
        self.status = status
        self.id = id
        self.version = version
        self.seq = seq
        self.doc = doc
        self.code = code
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case status, id, version, seq, doc, code, message
        case mutationID = "mutation_id"
    }
}

extension SyncMutationResult {
    /// The wire form, built directly: the same object the `Codable` encoding gives, at a
    /// fraction of its cost, for the server's hot push path (once per mutation for the
    /// idempotency record, once for the response).
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["mutation_id": .string(mutationID), "status": .string(status.rawValue)]
        if let id { object["id"] = .string(id) }
        if let version { object["version"] = .int(version) }
        if let seq { object["seq"] = .int(seq) }
        if let doc { object["doc"] = (try? JSONValueEncoder().encode(doc)) ?? .null }
        if let code { object["code"] = .string(code.rawValue) }
        if let message { object["message"] = .string(message) }
        return .object(object)
    }
}

public struct SyncPushResponse: Codable, Sendable, Hashable {
    public var results: [SyncMutationResult]

    public init(results: [SyncMutationResult]) { self.results = results }
}

/// Limits of a push, from spec/sync.md.
public enum SyncPushLimits {
    public static let maxMutations = 500
    public static let maxBytes = 5 * 1024 * 1024
}
