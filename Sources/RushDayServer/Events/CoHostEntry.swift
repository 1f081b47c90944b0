import HearthCore
import HearthStore

/// One co-host entry of an event (`SharedUser`, spec §4.3): pending until someone accepts
/// its single-use secret.
struct CoHostEntry: Sendable, Hashable {
    enum AccessRole: String, Sendable, CaseIterable {
        case admin, viewer
    }

    var secret: String
    var eventID: String
    var position: Int
    var name: String
    var accessRole: AccessRole
    var accepted: Bool
    var userID: String?
    var invitedAt: Timestamp
    var acceptedAt: Timestamp?

    static let columns = "secret, event_id, position, name, access_role, accepted, user_id, invited_at, accepted_at"

    init(
        secret: String, eventID: String, position: Int, name: String, accessRole: AccessRole, invitedAt: Timestamp
    ) {
        self.secret = secret
        self.eventID = eventID
        self.position = position
        self.name = name
        self.accessRole = accessRole
        self.accepted = false
        self.invitedAt = invitedAt
    }

    init(row: SQLRow) throws {
        secret = try row.string("secret")
        eventID = try row.string("event_id")
        position = Int(try row.int("position"))
        name = try row.string("name")
        accessRole = AccessRole(rawValue: try row.string("access_role")) ?? .viewer
        accepted = try row.bool("accepted")
        userID = try row.optionalString("user_id")
        invitedAt = try row.timestamp("invited_at")
        acceptedAt = try row.optionalTimestamp("accepted_at")
    }

    /// Whether this entry makes `userID` a member of the event.
    func grants(_ userID: String) -> Bool { accepted && self.userID == userID }
}
