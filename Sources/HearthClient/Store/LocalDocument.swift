import GRDB
import HearthCore

/// A document as the device holds it: the local view (`data`, with local edits applied)
/// and the last state the server confirmed, kept apart so a rejected edit can be undone.
public struct LocalDocument: Sendable, Hashable {
    public var collection: String
    public var id: String
    /// The document as the user sees it, local edits included.
    public var data: JSONValue
    /// Deleted on this device; kept until the server has the deletion.
    public var isDeleted: Bool
    /// The last state the server confirmed, `nil` for a document it has never seen.
    public var serverData: JSONValue?
    /// The server's version of `serverData` (0 when the server has never seen it).
    public var serverVersion: Int64
    /// `true` while a local edit of this document waits to be pushed.
    public var hasPendingChanges: Bool

    public init(
        collection: String, id: String, data: JSONValue, isDeleted: Bool = false, serverData: JSONValue? = nil,
        serverVersion: Int64 = 0, hasPendingChanges: Bool = false
    ) {
        self.collection = collection
        self.id = id
        self.data = data
        self.isDeleted = isDeleted
        self.serverData = serverData
        self.serverVersion = serverVersion
        self.hasPendingChanges = hasPendingChanges
    }

    static let selection = """
        SELECT d.collection, d.id, d.data, d.deleted, d.server_data, d.server_version,
               EXISTS(SELECT 1 FROM pending_mutations m WHERE m.collection = d.collection AND m.document_id = d.id) AS pending
        FROM local_documents d
        """

    init(row: Row) throws {
        collection = row["collection"]
        id = row["id"]
        data = try JSONParser().parse(Array((row["data"] as String).utf8))
        isDeleted = row["deleted"]
        serverData = try (row["server_data"] as String?).map { try JSONParser().parse(Array($0.utf8)) }
        serverVersion = row["server_version"]
        hasPendingChanges = row["pending"]
    }
}

extension JSONValue {
    /// The compact JSON text stored in the local database.
    var storedText: String { serializedString() }
}
