import Foundation
import HearthCore
import HearthServer
import HearthStore

/// The two account-wide RPCs: `DeleteUser` and the one-time `MigrateUserData` (spec §4.1).
struct AccountLifecycle: Sendable {
    struct Migration: Sendable, Hashable {
        var success: Bool
        var alreadyMigrated: Bool
        var message: String
        var counts: MigrationCounts
    }

    let database: any HearthDatabase
    let jobs: JobQueue
    let clock: any WallClock
    let legacyData: any LegacyDataSource

    /// Removes the user and everything they own in one transaction; their co-host entries
    /// on others' events go with them. Returns the owned events and, for each, the users who
    /// co-hosted it (to be told `event_deleted`).
    func deleteUser(_ userID: String) async throws -> [(eventID: String, coHosts: [String])] {
        try await database.transaction { sql in
            let owned = try await sql.query("SELECT id FROM rd_events WHERE owner_id = ?", [.text(userID)]).map { try $0.string("id") }
            var deleted: [(eventID: String, coHosts: [String])] = []
            for eventID in owned {
                let coHosts = try await EventStore.acceptedCoHosts(of: eventID, sql).filter { $0 != userID }
                try await EventStore.delete(eventID, sql)
                deleted.append((eventID, coHosts))
            }
            try await sql.execute("DELETE FROM rd_cohosts WHERE user_id = ?", [.text(userID)])
            try await sql.execute("DELETE FROM rd_devices WHERE user_id = ?", [.text(userID)])
            try await sql.execute("DELETE FROM rd_migration_status WHERE user_id = ?", [.text(userID)])
            try await sql.execute("DELETE FROM rd_users WHERE id = ?", [.text(userID)])
            // Their queued reminders would find nothing to send; cancelling frees the keys now.
            _ = try await jobs.cancelQueued(owner: userID, in: sql)
            return deleted
        }
    }

    /// Runs the legacy source once per user; later (and concurrent losing) calls report the
    /// stored result. A failing source writes nothing, so the client may retry.
    func migrate(userID: String, appVersion: String) async throws -> Migration {
        if let stored = try await stored(userID) { return stored }
        do {
            return try await database.transaction { sql in
                let counts: MigrationCounts
                do {
                    counts = try await legacyData.migrate(userID: userID, appVersion: appVersion, into: sql)
                } catch {
                    throw SourceFailed()
                }
                let stats = String(decoding: try JSONEncoder().encode(counts), as: UTF8.self)
                let inserted = try await sql.query(
                    """
                    INSERT INTO rd_migration_status (user_id, app_version, migrated_at, stats) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user_id) DO NOTHING RETURNING user_id
                    """,
                    [.text(userID), .text(appVersion), SQLValue(clock.now), .text(stats)])
                guard !inserted.isEmpty else { throw AlreadyMigrated() }
                return Migration(success: true, alreadyMigrated: false, message: Self.message(counts), counts: counts)
            }
        } catch is AlreadyMigrated {
            if let stored = try await stored(userID) { return stored }
            throw AlreadyMigrated()
        } catch is SourceFailed {
            return Migration(
                success: false, alreadyMigrated: false, message: "The legacy data could not be read; try again later",
                counts: MigrationCounts())
        }
    }

    private struct AlreadyMigrated: Error {}
    private struct SourceFailed: Error {}

    static func message(_ counts: MigrationCounts) -> String {
        counts.total == 0 ? "No legacy data to migrate" : "Migrated \(counts.total) items"
    }

    private func stored(_ userID: String) async throws -> Migration? {
        guard let row = try await database.read({ sql in
            try await sql.queryFirst("SELECT stats FROM rd_migration_status WHERE user_id = ?", [.text(userID)])
        }) else { return nil }
        let counts = (try? JSONDecoder().decode(MigrationCounts.self, from: Data(try row.string("stats").utf8))) ?? MigrationCounts()
        return Migration(success: true, alreadyMigrated: true, message: "Already migrated", counts: counts)
    }
}
