import HearthCore
import HearthStore

/// `rd_guests`: every query parameterised, on both engines; callers run these inside one
/// transaction (or read). Guests are listed in creation order (§2.8).
enum GuestStore {
    static let order = " ORDER BY created_at, position, id"

    static func insert(_ guest: GuestRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            INSERT INTO rd_guests (id, event_id, position, name, email, phone, status, accompany, accompany_allowed, notes,
                created_at, updated_at, invited_at, responded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(guest.id), .text(guest.eventID), SQLValue(guest.position), .text(guest.name), SQLValue(guest.email),
                SQLValue(guest.phone), .text(guest.status.rawValue), SQLValue(guest.accompany), SQLValue(guest.accompanyAllowed),
                SQLValue(guest.notes), SQLValue(guest.createdAt), SQLValue(guest.updatedAt), SQLValue(guest.invitedAt),
                SQLValue(guest.respondedAt),
            ])
    }

    /// Writes every column of `guest` but its id, event, position and `created_at`.
    static func update(_ guest: GuestRecord, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            UPDATE rd_guests SET name = ?, email = ?, phone = ?, status = ?, accompany = ?, accompany_allowed = ?, notes = ?,
                updated_at = ?, invited_at = ?, responded_at = ?
            WHERE id = ?
            """,
            [
                .text(guest.name), SQLValue(guest.email), SQLValue(guest.phone), .text(guest.status.rawValue),
                SQLValue(guest.accompany), SQLValue(guest.accompanyAllowed), SQLValue(guest.notes), SQLValue(guest.updatedAt),
                SQLValue(guest.invitedAt), SQLValue(guest.respondedAt), .text(guest.id),
            ])
    }

    static func guest(_ id: String, _ sql: any SQLExecutor) async throws -> GuestRecord? {
        try await sql.queryFirst("SELECT \(GuestRecord.columns) FROM rd_guests WHERE id = ?", [.text(id)]).map(GuestRecord.init(row:))
    }

    /// The event's guests in creation order, optionally only those with `status`.
    static func guests(of eventID: String, status: GuestStatus?, _ sql: any SQLExecutor) async throws -> [GuestRecord] {
        let rows: [SQLRow]
        if let status {
            rows = try await sql.query(
                "SELECT \(GuestRecord.columns) FROM rd_guests WHERE event_id = ? AND status = ?" + order,
                [.text(eventID), .text(status.rawValue)])
        } else {
            rows = try await sql.query("SELECT \(GuestRecord.columns) FROM rd_guests WHERE event_id = ?" + order, [.text(eventID)])
        }
        return try rows.map(GuestRecord.init(row:))
    }

    /// The event's guest count and the next free `position`.
    static func countAndNextPosition(of eventID: String, _ sql: any SQLExecutor) async throws -> (count: Int, next: Int) {
        let row = try await sql.queryFirst("SELECT COUNT(*) AS n, MAX(position) AS m FROM rd_guests WHERE event_id = ?", [.text(eventID)])
        let next = try row?.optionalInt("m").map { Int($0) + 1 } ?? 0
        return (Int(try row?.int("n") ?? 0), next)
    }

    /// Deletes the guest; its invitation cascades (the link is revoked).
    static func delete(_ id: String, _ sql: any SQLExecutor) async throws {
        try await sql.execute("DELETE FROM rd_guest_invitations WHERE guest_id = ?", [.text(id)])
        try await sql.execute("DELETE FROM rd_guests WHERE id = ?", [.text(id)])
    }
}
