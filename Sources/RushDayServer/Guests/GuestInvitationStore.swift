import HearthCore
import HearthStore

/// One row of `rd_guest_invitations`: a guest's single active link. The link's code is
/// recomputed from `key_id` and `id`, so it is never stored.
struct GuestInvitationRecord: Sendable, Hashable {
    var id: String
    var guestID: String
    var eventID: String
    var keyID: UInt8
    var message: String?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    static let columns = "id, guest_id, event_id, key_id, message, created_at, updated_at"

    init(id: String, guestID: String, eventID: String, keyID: UInt8, message: String?, now: Timestamp) {
        self.id = id
        self.guestID = guestID
        self.eventID = eventID
        self.keyID = keyID
        self.message = message
        createdAt = now
        updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        guestID = try row.string("guest_id")
        eventID = try row.string("event_id")
        guard let keyID = UInt8(exactly: try row.int("key_id")) else {
            throw StoreError.unexpectedValue(column: "rd_guest_invitations.key_id", expected: "a key id 0…255")
        }
        self.keyID = keyID
        message = try row.optionalString("message")
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }
}

/// `rd_guest_invitations`, on both engines.
enum GuestInvitationStore {
    /// Inserts `invitation` unless the guest already has one (two racing calls keep the
    /// first), then returns the guest's invitation.
    static func insertOrExisting(_ invitation: GuestInvitationRecord, _ sql: any SQLExecutor) async throws -> GuestInvitationRecord? {
        try await sql.execute(
            """
            INSERT INTO rd_guest_invitations (id, guest_id, event_id, key_id, message, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guest_id) DO NOTHING
            """,
            [
                .text(invitation.id), .text(invitation.guestID), .text(invitation.eventID), SQLValue(Int(invitation.keyID)),
                SQLValue(invitation.message), SQLValue(invitation.createdAt), SQLValue(invitation.updatedAt),
            ])
        return try await Self.invitation(ofGuest: invitation.guestID, sql)
    }

    static func update(_ invitation: GuestInvitationRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE rd_guest_invitations SET key_id = ?, message = ?, updated_at = ? WHERE id = ?",
            [SQLValue(Int(invitation.keyID)), SQLValue(invitation.message), SQLValue(invitation.updatedAt), .text(invitation.id)])
    }

    static func invitation(ofGuest guestID: String, _ sql: any SQLExecutor) async throws -> GuestInvitationRecord? {
        try await sql.queryFirst("SELECT \(GuestInvitationRecord.columns) FROM rd_guest_invitations WHERE guest_id = ?", [.text(guestID)])
            .map(GuestInvitationRecord.init(row:))
    }

    static func invitation(_ id: String, _ sql: any SQLExecutor) async throws -> GuestInvitationRecord? {
        try await sql.queryFirst("SELECT \(GuestInvitationRecord.columns) FROM rd_guest_invitations WHERE id = ?", [.text(id)])
            .map(GuestInvitationRecord.init(row:))
    }
}
