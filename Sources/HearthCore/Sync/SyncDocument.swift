/// A document as the delta sync protocol sends it: server metadata around the app's own
/// JSON object in `data` (kept apart so an app's fields, such as its own `updated_at`,
/// never collide with the metadata).
public struct SyncDocument: Codable, Sendable, Hashable {
    public var id: String
    public var collection: String
    public var version: Int64
    public var updatedAt: Timestamp
    public var clientUpdatedAt: Timestamp
    public var deleted: Bool
    public var data: JSONValue

    public init(
        id: String, collection: String, version: Int64, updatedAt: Timestamp,
        clientUpdatedAt: Timestamp, deleted: Bool, data: JSONValue
    ) {
        self.id = id
        self.collection = collection
        self.version = version
        self.updatedAt = updatedAt
        self.clientUpdatedAt = clientUpdatedAt
        self.deleted = deleted
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case id, collection, version, deleted, data
        case updatedAt = "updated_at"
        case clientUpdatedAt = "client_updated_at"
    }
}
