import HearthCore

/// A row of `hearth_documents`: an app's JSON object plus the metadata of spec/sync.md.
public struct StoredDocument: Sendable, Hashable {
    public var app: String
    public var id: String
    public var collection: String
    public var data: JSONValue
    /// +1 on every accepted write; 1 for a new document.
    public var version: Int64
    /// The feed sequence number of the last accepted write.
    public var seq: Int64
    public var updatedAt: Timestamp
    public var clientUpdatedAt: Timestamp
    /// The user whose write produced this version (breaks last-write-wins ties).
    public var updatedBy: String
    public var deleted: Bool
    /// User ids that may read the document, sorted.
    public var access: [String]

    public func isReadable(by userID: String) -> Bool { access.contains(userID) }

    /// The document as the delta sync protocol sends it.
    public var syncDocument: SyncDocument {
        SyncDocument(
            id: id, collection: collection, version: version, updatedAt: updatedAt,
            clientUpdatedAt: clientUpdatedAt, deleted: deleted, data: data)
    }

    /// The side of a last-write-wins comparison this version stands for.
    public var lastEdit: LastWriteWins.Edit {
        LastWriteWins.Edit(clientUpdatedAt: clientUpdatedAt, userID: updatedBy)
    }
}

/// What a caller asks ``DocumentWriter/save(_:)`` to store. Version, sequence number and
/// server time are assigned by the store.
public struct DocumentWrite: Sendable, Hashable {
    public var id: String
    public var collection: String
    public var data: JSONValue
    public var deleted: Bool
    public var access: Set<String>
    public var clientUpdatedAt: Timestamp
    public var author: String

    public init(
        id: String, collection: String, data: JSONValue, deleted: Bool = false, access: Set<String>,
        clientUpdatedAt: Timestamp, author: String
    ) {
        self.id = id
        self.collection = collection
        self.data = data
        self.deleted = deleted
        self.access = access
        self.clientUpdatedAt = clientUpdatedAt
        self.author = author
    }
}

extension StoredDocument {
    private static let columnNames = [
        "app", "id", "collection", "body", "version", "seq", "updated_at", "client_updated_at", "updated_by", "deleted", "access",
    ]

    static let columns = columnNames.joined(separator: ", ")

    /// The columns of `hearth_documents` qualified by a table alias, for an app's joins
    /// with its own tables; read the rows back with ``init(row:)``.
    public static func columns(of alias: String) -> String {
        columnNames.map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    public init(row: SQLRow) throws {
        let access = try row.json("access").arrayValue?.compactMap(\.stringValue) ?? []
        self.init(
            app: try row.string("app"), id: try row.string("id"), collection: try row.string("collection"),
            data: try row.json("body"), version: try row.int("version"), seq: try row.int("seq"),
            updatedAt: try row.timestamp("updated_at"), clientUpdatedAt: try row.timestamp("client_updated_at"),
            updatedBy: try row.string("updated_by"), deleted: try row.bool("deleted"), access: access)
    }
}
