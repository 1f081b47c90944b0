import HearthCore
import HearthStore

/// `rd_users` and what hangs off a user: devices and the one-time migration status.
struct UserStore: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    /// Creates the caller's row when absent (spec §2.2 "ensure user"); idempotent and safe
    /// under concurrent first calls.
    func ensure(_ caller: VerifiedCaller) async throws {
        // The common case, a known user, costs a read and no write.
        let known = try await database.read { sql in
            try await sql.queryFirst("SELECT id FROM rd_users WHERE id = ?", [.text(caller.userID)]) != nil
        }
        if known { return }
        let now = clock.now
        let defaults = RushDayUser.Preferences()
        try await database.transaction { sql in
            try await sql.execute(
                """
                INSERT INTO rd_users (id, name, email, avatar, currency, is_premium, pref_time, pref_tasks, pref_agenda, pref_share,
                    pref_on_the_day, pref_week_before, timezone_offset, created_at, updated_at)
                VALUES (?, ?, ?, NULL, 'USD', 0, ?, ?, ?, ?, ?, ?, NULL, ?, ?) ON CONFLICT (id) DO NOTHING
                """,
                [
                    .text(caller.userID), .text(caller.name), .text(caller.email), .text(defaults.time), SQLValue(defaults.tasks),
                    SQLValue(defaults.agenda), SQLValue(defaults.share), SQLValue(defaults.onTheDay), SQLValue(defaults.weekBefore),
                    SQLValue(now), SQLValue(now),
                ])
        }
    }

    func user(_ id: String) async throws -> RushDayUser? {
        try await database.read { sql in try await Self.user(id, sql) }
    }

    static func user(_ id: String, _ sql: any SQLExecutor) async throws -> RushDayUser? {
        try await sql.queryFirst("SELECT \(RushDayUser.columns) FROM rd_users WHERE id = ?", [.text(id)]).map(RushDayUser.init(row:))
    }

    /// Applies `change` to the stored user and writes it back with `updated_at = now`.
    func update(_ id: String, _ change: @escaping @Sendable (inout RushDayUser) -> Void) async throws -> RushDayUser {
        let now = clock.now
        return try await database.transaction { sql in
            guard var user = try await Self.user(id, sql) else { throw RPCFailure.notFound("user") }
            change(&user)
            user.updatedAt = now
            let preferences = user.preferences
            try await sql.execute(
                """
                UPDATE rd_users SET name = ?, avatar = ?, currency = ?, pref_time = ?, pref_tasks = ?, pref_agenda = ?, pref_share = ?,
                    pref_on_the_day = ?, pref_week_before = ?, timezone_offset = ?, updated_at = ? WHERE id = ?
                """,
                [
                    .text(user.name), SQLValue(user.avatar), .text(user.currency), .text(preferences.time), SQLValue(preferences.tasks),
                    SQLValue(preferences.agenda), SQLValue(preferences.share), SQLValue(preferences.onTheDay),
                    SQLValue(preferences.weekBefore), SQLValue(user.timezoneOffset.map { Int64($0) }), SQLValue(now), .text(id),
                ])
            return user
        }
    }

    /// Stores the device under `userID` (moving a token another user held) and remembers
    /// the caller's latest time-zone offset.
    func registerDevice(userID: String, token: String, platform: String, timezoneOffset: Int) async throws -> RushDayUser {
        let now = clock.now
        return try await database.transaction { sql in
            try await sql.execute(
                """
                INSERT INTO rd_devices (fcm_token, user_id, platform, timezone_offset, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (fcm_token) DO UPDATE SET user_id = excluded.user_id, platform = excluded.platform,
                    timezone_offset = excluded.timezone_offset, updated_at = excluded.updated_at
                """,
                [.text(token), .text(userID), .text(platform), SQLValue(timezoneOffset), SQLValue(now), SQLValue(now)])
            try await sql.execute(
                "UPDATE rd_users SET timezone_offset = ?, updated_at = ? WHERE id = ?", [SQLValue(timezoneOffset), SQLValue(now), .text(userID)])
            guard let user = try await Self.user(userID, sql) else { throw RPCFailure.notFound("user") }
            return user
        }
    }

    /// The device tokens registered by `userID`.
    func deviceTokens(of userID: String) async throws -> [String] {
        try await database.read { sql in
            try await sql.query("SELECT fcm_token FROM rd_devices WHERE user_id = ? ORDER BY fcm_token", [.text(userID)])
                .map { try $0.string("fcm_token") }
        }
    }
}
