import HearthCore

/// A queued change the server refused for good; it was dropped from the queue and this
/// device resynchronised. Kept so `status` can tell the user what did not happen.
public struct ActionRejection: Sendable, Hashable, Codable {
    public var kind: PendingAction.Kind
    public var entity: EntityKey
    public var status: Int
    public var code: String?
    public var message: String
    public var at: Timestamp

    public init(kind: PendingAction.Kind, entity: EntityKey, status: Int, code: String?, message: String, at: Timestamp) {
        self.kind = kind
        self.entity = entity
        self.status = status
        self.code = code
        self.message = message
        self.at = at
    }
}
