import HearthCore
import HearthStore

/// A write a client asks for, as an access rule sees it.
public struct ProposedWrite: Sendable {
    public let userID: String
    public let collection: String
    public let id: String
    /// The current version, if the document exists (it may be a tombstone).
    public let stored: StoredDocument?
    /// The new data for a put; `nil` for a delete.
    public let data: JSONValue?

    public init(userID: String, collection: String, id: String, stored: StoredDocument?, data: JSONValue?) {
        self.userID = userID
        self.collection = collection
        self.id = id
        self.stored = stored
        self.data = data
    }

    public var isDelete: Bool { data == nil }
}

/// An access rule's answer.
public enum WriteDecision: Sendable {
    /// Store the write with this audience. `data` replaces the incoming data when the rule
    /// normalises it (server-controlled fields kept, defaults filled); `nil` stores it as sent.
    case allow(access: Set<String>, data: JSONValue?)
    case deny(APIError)
    /// Store nothing: the write is moot (for example an edit of a document that was deleted,
    /// where the delete wins). The client is answered with the stored version as the winner.
    case skip

    public static func allow(access: Set<String>) -> WriteDecision { .allow(access: access, data: nil) }
}

/// Who may read and write the documents of one collection.
///
/// Rules judge the stored document as well as the incoming one, so a user can neither
/// take over a document by pushing a version that names them owner, nor widen `access`
/// beyond what the rule computes. `reader` sees the latest committed state (the rule runs
/// inside the write's transaction), for rules that depend on other documents.
public protocol DocumentAccessRule: Sendable {
    func decide(_ write: ProposedWrite, reader: DocumentWriter) async throws -> WriteDecision
    func canRead(_ document: StoredDocument, userID: String) -> Bool
    /// Runs in the same transaction right after a write this rule allowed was stored: the
    /// place for follow-up writes (cascades, the audience of dependent documents) and jobs,
    /// so they commit exactly when the write does.
    func didSave(_ saved: StoredDocument, previous: StoredDocument?, by userID: String, writer: DocumentWriter) async throws
}

extension DocumentAccessRule {
    public func canRead(_ document: StoredDocument, userID: String) -> Bool { document.isReadable(by: userID) }
    public func didSave(_ saved: StoredDocument, previous: StoredDocument?, by userID: String, writer: DocumentWriter) async throws {}
}

