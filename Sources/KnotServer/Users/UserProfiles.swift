import HearthCore
import HearthServer
import HearthStore

/// The `knot_users` profile row of an account (created with the account by the auth
/// routes): notification preferences, and deleting the whole account.
struct UserProfiles: Sendable {
    static let notFound = "User not found"

    struct Profile: Sendable, Hashable {
        var id: String
        var email: String?
        var createdAt: Timestamp
        var preferences: NotificationPreferences
    }

    let database: any HearthDatabase
    let clock: any WallClock

    func profile(userID: String) async throws -> Profile? {
        try await database.read { sql in try await Self.profile(userID: userID, on: sql) }
    }

    static func profile(userID: String, on sql: any SQLExecutor) async throws -> Profile? {
        guard
            let row = try await sql.queryFirst(
                """
                SELECT id, email, created_at, notifications_enabled, quiet_hours_start, quiet_hours_end, timezone
                FROM knot_users WHERE id = ?
                """, [.text(userID)])
        else { return nil }
        let preferences = NotificationPreferences(
            notificationsEnabled: try row.bool("notifications_enabled"), quietHoursStart: try row.int("quiet_hours_start"),
            quietHoursEnd: try row.int("quiet_hours_end"), timezone: try row.optionalString("timezone"))
        return Profile(
            id: try row.string("id"), email: try row.optionalString("email"), createdAt: try row.timestamp("created_at"),
            preferences: preferences)
    }

    /// Applies `change` and returns the preferences before and after; 404 without a profile.
    /// `onToggle` runs in the same transaction when `notifications_enabled` changes, so the
    /// reminders always follow the switch, whatever else runs at once.
    func updatePreferences(
        userID: String, change: NotificationPreferences.Change,
        onToggle: @Sendable (_ enabled: Bool, _ sql: any SQLExecutor) async throws -> Void = { _, _ in }
    ) async throws -> (before: NotificationPreferences, after: NotificationPreferences) {
        let now = clock.now
        return try await database.transaction { sql in
            guard let profile = try await Self.profile(userID: userID, on: sql) else { throw APIError.knotNotFound(Self.notFound) }
            let updated = change.applied(to: profile.preferences)
            if updated != profile.preferences {
                try await sql.execute(
                    """
                    UPDATE knot_users SET notifications_enabled = ?, quiet_hours_start = ?, quiet_hours_end = ?, timezone = ?,
                        updated_at = ? WHERE id = ?
                    """,
                    [
                        SQLValue(updated.notificationsEnabled), .integer(updated.quietHoursStart), .integer(updated.quietHoursEnd),
                        SQLValue(updated.timezone), SQLValue(now), .text(userID),
                    ])
            }
            if updated.notificationsEnabled != profile.preferences.notificationsEnabled {
                try await onToggle(updated.notificationsEnabled, sql)
            }
            return (profile.preferences, updated)
        }
    }

    /// Deletes the account: its `knot_auth_users` row, from which everything of the user
    /// cascades (profile, sessions, refresh tokens, identities, devices, vault and all
    /// under it, spec §3.5), so the user's tokens stop working at once. `false` when the
    /// profile row is missing (404). The user's queued jobs are cancelled with it.
    func deleteAccount(userID: String, jobs: JobQueue) async throws -> Bool {
        try await database.transaction { sql in
            guard try await sql.queryFirst("SELECT id FROM knot_users WHERE id = ?", [.text(userID)]) != nil else { return false }
            _ = try await AccountRemoval(jobs: jobs).remove(userID: userID, on: sql)
            return true
        }
    }
}
