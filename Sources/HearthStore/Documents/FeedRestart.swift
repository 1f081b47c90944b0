/// What a restored database does to the change feed: every cursor a client was given
/// before the restore — older than the backup or from the lost time after it — is
/// answered `410 CURSOR_EXPIRED`, so clients resync instead of skipping or mixing up
/// changes. Every number of the feed (entries, documents, the counter) moves up by
/// ``jump``, far past anything handed out before, and every app's purge horizon moves to
/// ``jump``: old cursors are below it, and a pull from the start gets cursors above it.
public enum FeedRestart {
    /// How far the numbers jump: more than any server hands out between a backup and its restore.
    public static let jump: Int64 = 1_000_000_000_000

    /// Returns the new first number. `apps` names the apps the server serves, so an app
    /// that had no documents at the time of the backup gets its horizon too.
    @discardableResult
    public static func afterRestore(_ database: any HearthDatabase, apps known: [String] = []) async throws -> Int64 {
        try await database.transaction { executor in
            let current = try await executor.queryFirst(FeedSequence.currentSQL(executor.dialect), [])?.optionalInt("value") ?? 0
            let restart = current + jump
            try await executor.execute("UPDATE hearth_feed SET seq = seq + ?", [.integer(jump)])
            try await executor.execute("UPDATE hearth_documents SET seq = seq + ?", [.integer(jump)])
            switch executor.dialect {
            case .sqlite:
                try await executor.execute("UPDATE hearth_sequence SET value = ? WHERE name = 'feed'", [.integer(restart)])
            case .postgres:
                try await executor.execute("SELECT setval('hearth_feed_seq', ?, true)", [.integer(restart)])
            }
            let stored = try await executor.query("SELECT DISTINCT app FROM hearth_documents", []).map { try $0.string("app") }
            for app in Set(stored + known).sorted() {
                try await executor.execute(
                    """
                    INSERT INTO hearth_feed_horizon (app, purged_through) VALUES (?, ?)
                    ON CONFLICT (app) DO UPDATE SET purged_through = excluded.purged_through
                    """, [.text(app), .integer(jump)])
            }
            return restart
        }
    }
}
