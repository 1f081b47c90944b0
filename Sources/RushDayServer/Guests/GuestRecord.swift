import HearthCore
import HearthStore
import RushDayProto

/// A guest's RSVP state as stored (`GuestStatus` of spec §3.3, without UNSPECIFIED).
enum GuestStatus: String, Sendable, Hashable {
    case notInvited = "not_invited", invited, accepted, declined

    /// `nil` for UNSPECIFIED; unknown numbers are the caller's to refuse.
    init?(_ proto: Rushday_V1_GuestStatus) {
        switch proto {
        case .notInvited: self = .notInvited
        case .invited: self = .invited
        case .accepted: self = .accepted
        case .declined: self = .declined
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }

    var proto: Rushday_V1_GuestStatus {
        switch self {
        case .notInvited: .notInvited
        case .invited: .invited
        case .accepted: .accepted
        case .declined: .declined
        }
    }
}

/// One row of `rd_guests` (spec §3.3 `Guest`).
struct GuestRecord: Sendable, Hashable {
    var id: String
    var eventID: String
    var position: Int
    var name: String
    var email: String?
    var phone: String?
    var status: GuestStatus
    /// The plus-ones the guest brings (host-set, or the guest's own answer).
    var accompany: Int
    /// The most plus-ones the host allowed; an RSVP may not exceed it (§9 decision 9).
    var accompanyAllowed: Int
    var notes: String?
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var invitedAt: Timestamp?
    var respondedAt: Timestamp?

    static let columns = """
        id, event_id, position, name, email, phone, status, accompany, accompany_allowed, notes, created_at, updated_at, invited_at, \
        responded_at
        """

    init(id: String, eventID: String, position: Int, input: GuestInput, now: Timestamp) {
        self.id = id
        self.eventID = eventID
        self.position = position
        name = input.name
        email = input.email
        phone = input.phone
        status = input.status ?? .notInvited
        accompany = input.accompany
        accompanyAllowed = input.accompany
        notes = input.notes
        createdAt = now
        updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        eventID = try row.string("event_id")
        position = Int(try row.int("position"))
        name = try row.string("name")
        email = try row.optionalString("email")
        phone = try row.optionalString("phone")
        let rawStatus = try row.string("status")
        guard let status = GuestStatus(rawValue: rawStatus) else {
            throw StoreError.unexpectedValue(column: "rd_guests.status", expected: "a guest status")
        }
        self.status = status
        accompany = Int(try row.int("accompany"))
        accompanyAllowed = Int(try row.int("accompany_allowed"))
        notes = try row.optionalString("notes")
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
        invitedAt = try row.optionalTimestamp("invited_at")
        respondedAt = try row.optionalTimestamp("responded_at")
    }

    var message: Rushday_V1_Guest {
        var message = Rushday_V1_Guest()
        message.id = id
        message.eventID = eventID
        message.name = name
        if email != nil || phone != nil {
            var contact = Rushday_V1_GuestContact()
            if let email { contact.email = email }
            if let phone { contact.phoneNumber = phone }
            message.contact = contact
        }
        message.status = status.proto
        message.accompany = Int32(clamping: accompany)
        if let notes { message.notes = notes }
        message.createdAt = .init(createdAt)
        message.updatedAt = .init(updatedAt)
        if let invitedAt { message.invitedAt = .init(invitedAt) }
        if let respondedAt { message.respondedAt = .init(respondedAt) }
        return message
    }
}
