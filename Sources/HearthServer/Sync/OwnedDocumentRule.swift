import HearthCore
import HearthStore

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
