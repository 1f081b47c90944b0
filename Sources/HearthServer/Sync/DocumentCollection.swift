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

    public var isDelete: Bool { data == nil }
}

/// An access rule's answer.
public enum WriteDecision: Sendable {
    /// Store the write with this audience.
    case allow(access: Set<String>)
    case deny(APIError)
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
}

extension DocumentAccessRule {
    public func canRead(_ document: StoredDocument, userID: String) -> Bool { document.isReadable(by: userID) }
}

/// A collection the delta sync endpoints serve: its name, access rule and validation.
public struct DocumentCollection: Sendable {
    public let name: String
    public let rule: any DocumentAccessRule
    /// Largest accepted `data`, serialised.
    public let maxDocumentBytes: Int
    /// Checks (and may normalise) incoming data; throw an ``APIError`` to reject.
    public let validate: @Sendable (JSONValue) throws -> JSONValue

    public init(
        name: String, rule: any DocumentAccessRule, maxDocumentBytes: Int = 256 * 1024,
        validate: @escaping @Sendable (JSONValue) throws -> JSONValue = { $0 }
    ) {
        self.name = name
        self.rule = rule
        self.maxDocumentBytes = maxDocumentBytes
        self.validate = validate
    }
}

/// Documents that belong to one user, named by a string field of the data (`owner` by
/// default), plus the users listed in an optional array field. Only the owner writes; the
/// owner can never be changed.
public struct OwnedDocumentRule: DocumentAccessRule {
    public let ownerField: String
    public let sharedWithField: String?

    public init(ownerField: String = "owner", sharedWithField: String? = nil) {
        self.ownerField = ownerField
        self.sharedWithField = sharedWithField
    }

    public func decide(_ write: ProposedWrite, reader: DocumentWriter) async throws -> WriteDecision {
        if let stored = write.stored, stored.data[ownerField]?.stringValue != write.userID {
            return .deny(.forbidden("Only the owner may change this document"))
        }
        guard let data = write.data else { return .allow(access: Set(write.stored?.access ?? [write.userID])) }
        guard data[ownerField]?.stringValue == write.userID else {
            return .deny(.forbidden("'\(ownerField)' must be your own user id"))
        }
        var access: Set<String> = [write.userID]
        if let sharedWithField, let shared = data[sharedWithField] {
            guard let users = shared.arrayValue?.compactMap(\.stringValue), users.count == shared.arrayValue?.count else {
                return .deny(.validation("'\(sharedWithField)' must be an array of user ids"))
            }
            access.formUnion(users)
        }
        return .allow(access: access)
    }
}
