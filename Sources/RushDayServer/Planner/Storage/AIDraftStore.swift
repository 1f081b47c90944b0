import HearthCore
import HearthStore

/// `rd_ai_drafts`: the session of an AI draft event (spec §5.6). While the event has no
/// owner, its id is a capability until `expires_at` (§9.5: 7 days).
enum AIDraftStore {
    static let unclaimedLifetimeMilliseconds: Int64 = 7 * 86_400_000
    static let claimedLifetimeMilliseconds: Int64 = 30 * 86_400_000

    struct Session: Sendable, Hashable {
        var sessionID: String?
        var expiresAt: Timestamp
    }

    static func insert(eventID: String, sessionID: String?, now: Timestamp, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            "INSERT INTO rd_ai_drafts (event_id, session_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
            [.text(eventID), SQLValue(sessionID), SQLValue(now), SQLValue(now.adding(milliseconds: unclaimedLifetimeMilliseconds))])
    }

    static func session(of eventID: String, _ sql: any SQLExecutor) async throws -> Session? {
        guard let row = try await sql.queryFirst("SELECT session_id, expires_at FROM rd_ai_drafts WHERE event_id = ?", [.text(eventID)])
        else { return nil }
        return Session(sessionID: try row.optionalString("session_id"), expiresAt: try row.timestamp("expires_at"))
    }

    /// Whether `event` is an unclaimed AI draft whose capability is still valid at `now`.
    static func isOpenCapability(_ event: EventRecord, now: Timestamp, _ sql: any SQLExecutor) async throws -> Bool {
        guard event.isAIDraft, event.ownerID == nil, let session = try await session(of: event.id, sql) else { return false }
        return session.expiresAt > now
    }

    /// Gives an unclaimed draft its owner; false when it was claimed meanwhile.
    static func claim(_ eventID: String, by userID: String, now: Timestamp, _ sql: any SQLExecutor) async throws -> Bool {
        try await sql.execute(
            "UPDATE rd_events SET owner_id = ?, updated_at = ? WHERE id = ? AND owner_id IS NULL",
            [.text(userID), SQLValue(now), .text(eventID)])
        return try await EventStore.event(eventID, sql)?.ownerID == userID
    }

    /// Deletes unclaimed drafts past their expiry and claimed drafts never published within
    /// 30 days (§5.6); their sub-records cascade. Run lazily whenever a draft is created.
    static func purgeExpired(now: Timestamp, _ sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            DELETE FROM rd_events WHERE is_ai_draft = 1 AND id IN (
                SELECT event_id FROM rd_ai_drafts WHERE (expires_at < ? AND rd_events.owner_id IS NULL) OR created_at < ?)
            """,
            [SQLValue(now), SQLValue(now.adding(milliseconds: -claimedLifetimeMilliseconds))])
    }
}
