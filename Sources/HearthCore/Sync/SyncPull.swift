/// One entry of a user's change feed, as `GET …/sync/changes` returns it.
public struct SyncChange: Codable, Sendable, Hashable {
    public enum Operation: String, Codable, Sendable {
        /// The document is new or changed (a delete arrives as an upsert of a tombstone).
        case upsert
        /// The user lost access: the client drops its local copy.
        case remove
    }

    public var seq: Int64
    public var collection: String
    public var id: String
    public var op: Operation
    public var doc: SyncDocument?

    public init(seq: Int64, collection: String, id: String, op: Operation, doc: SyncDocument?) {
        self.seq = seq
        self.collection = collection
        self.id = id
        self.op = op
        self.doc = doc
    }
}

/// The answer to `GET …/sync/changes`.
public struct SyncChangesResponse: Codable, Sendable, Hashable {
    public var changes: [SyncChange]
    /// Opaque to clients: send it back as `since`.
    public var cursor: String
    public var hasMore: Bool

    public init(changes: [SyncChange], cursor: String, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }

    enum CodingKeys: String, CodingKey {
        case changes, cursor
        case hasMore = "has_more"
    }
}

/// Limits of a pull, from spec/sync.md.
public enum SyncPullLimits {
    public static let defaultLimit = 500
    public static let maxLimit = 5000
}
