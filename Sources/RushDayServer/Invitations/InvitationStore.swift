import HearthCore
import HearthStore

/// One row of `rd_invitations`: an event's public invitation (spec §4.10).
struct InvitationRecord: Sendable, Hashable {
    var id: String
    var eventID: String
    var message: String?
    var createdBy: String
    var createdAt: Timestamp
    var updatedAt: Timestamp

    static let columns = "id, event_id, message, created_by, created_at, updated_at"

    init(id: String, eventID: String, message: String?, createdBy: String, now: Timestamp) {
        self.id = id
        self.eventID = eventID
        self.message = message
        self.createdBy = createdBy
        createdAt = now
        updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        eventID = try row.string("event_id")
        message = try row.optionalString("message")
        createdBy = try row.string("created_by")
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }
}

/// `rd_invitations`, on both engines.
enum InvitationStore {
    /// Inserts `invitation` unless its event already has one (two racing calls keep the
    /// first), then returns the event's invitation.
    static func insertOrExisting(_ invitation: InvitationRecord, _ sql: any SQLExecutor) async throws -> InvitationRecord? {
        try await sql.execute(
            """
            INSERT INTO rd_invitations (id, event_id, message, created_by, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING
            """,
            [
                .text(invitation.id), .text(invitation.eventID), SQLValue(invitation.message), .text(invitation.createdBy),
                SQLValue(invitation.createdAt), SQLValue(invitation.updatedAt),
            ])
        return try await sql.queryFirst("SELECT \(InvitationRecord.columns) FROM rd_invitations WHERE event_id = ?", [.text(invitation.eventID)])
            .map(InvitationRecord.init(row:))
    }

    static func updateMessage(_ invitation: InvitationRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "UPDATE rd_invitations SET message = ?, updated_at = ? WHERE id = ?",
            [SQLValue(invitation.message), SQLValue(invitation.updatedAt), .text(invitation.id)])
    }

    static func invitation(_ id: String, _ sql: any SQLExecutor) async throws -> InvitationRecord? {
        try await sql.queryFirst("SELECT \(InvitationRecord.columns) FROM rd_invitations WHERE id = ?", [.text(id)])
            .map(InvitationRecord.init(row:))
    }
}
