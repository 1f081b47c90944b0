import GRDB
import HearthCore

/// A local edit waiting for the server, in the order it was made. Its `mutationID` is
/// chosen once and reused on every retry, so a push the server already applied is never
/// applied twice.
public struct PendingMutation: Sendable, Hashable {
    public enum Operation: String, Sendable {
        case put, delete
    }

    /// Order of the edit on this device.
    public var position: Int64
    public var mutationID: String
    public var collection: String
    public var documentID: String
    public var operation: Operation
    /// The document a `put` writes.
    public var data: JSONValue?
    public var baseVersion: Int64
    public var clientUpdatedAt: Timestamp
    /// How many times it was sent; an edit that was sent is never changed again.
    public var attempts: Int

    init(row: Row) throws {
        position = row["position"]
        mutationID = row["mutation_id"]
        collection = row["collection"]
        documentID = row["document_id"]
        operation = Operation(rawValue: row["op"]) ?? .put
        data = try (row["data"] as String?).map { try JSONParser().parse(Array($0.utf8)) }
        baseVersion = row["base_version"]
        clientUpdatedAt = Timestamp(millisecondsSince1970: row["client_updated_at"])
        attempts = row["attempts"]
    }
}

/// A push the server refused, kept so the user can be told.
public struct SyncRejection: Sendable, Hashable {
    public var collection: String
    public var documentID: String
    public var code: String
    public var message: String
    public var at: Timestamp
}
