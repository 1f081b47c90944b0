import HearthCore

/// How long history is kept (spec/sync.md): tombstones and `remove` entries at least 30
/// days, applied mutation ids at least 7 days.
public struct RetentionPolicy: Sendable, Hashable {
    public var tombstoneSeconds: Int64
    public var appliedMutationSeconds: Int64

    public init(tombstoneSeconds: Int64 = 30 * 86_400, appliedMutationSeconds: Int64 = 7 * 86_400) {
        self.tombstoneSeconds = tombstoneSeconds
        self.appliedMutationSeconds = appliedMutationSeconds
    }

    public static let standard = RetentionPolicy()
}

/// What one purge removed.
public struct PurgeReport: Sendable, Hashable {
    public var tombstones: Int
    public var removeEntries: Int
    public var appliedMutations: Int
    /// Cursors below this seq now answer `CURSOR_EXPIRED`.
    public var horizon: Int64
}

extension DocumentStore {
    /// Deletes tombstones and `remove` entries older than the policy allows, and the
    /// applied-mutation records past theirs, raising the cursor horizon to the highest
    /// seq removed.
    @discardableResult
    public func purgeExpiredHistory(policy: RetentionPolicy = .standard) async throws -> PurgeReport {
        let now = clock.now
        let tombstoneCutoff = SQLValue(now.adding(seconds: -policy.tombstoneSeconds))
        let mutationCutoff = SQLValue(now.adding(seconds: -policy.appliedMutationSeconds))
        let app = SQLValue.text(app)
        return try await write { writer in
            let executor = writer.executor
            let expiredDocs = "SELECT id FROM hearth_documents WHERE app = ? AND deleted = 1 AND updated_at < ?"
            let tombstones = try await executor.query(expiredDocs, [app, tombstoneCutoff]).count
            let tombstoneSeq = try await executor.queryFirst(
                "SELECT MAX(seq) AS top FROM hearth_feed WHERE app = ? AND doc_id IN (\(expiredDocs))",
                [app, app, tombstoneCutoff])?.optionalInt("top") ?? 0
            try await executor.execute(
                "DELETE FROM hearth_feed WHERE app = ? AND doc_id IN (\(expiredDocs))", [app, app, tombstoneCutoff])
            try await executor.execute(
                "DELETE FROM hearth_document_access WHERE app = ? AND doc_id IN (\(expiredDocs))",
                [app, app, tombstoneCutoff])
            try await executor.execute(
                "DELETE FROM hearth_documents WHERE app = ? AND deleted = 1 AND updated_at < ?", [app, tombstoneCutoff])

            let removals = try await executor.queryFirst(
                """
                SELECT COUNT(*) AS n, MAX(seq) AS top FROM hearth_feed
                WHERE app = ? AND op = 'remove' AND recorded_at < ?
                """, [app, tombstoneCutoff])
            try await executor.execute(
                "DELETE FROM hearth_feed WHERE app = ? AND op = 'remove' AND recorded_at < ?", [app, tombstoneCutoff])

            let mutations = try await executor.query(
                "DELETE FROM hearth_applied_mutations WHERE app = ? AND applied_at < ? RETURNING mutation_id",
                [app, mutationCutoff]
            ).count

            let previous = try await executor.queryFirst(
                "SELECT purged_through FROM hearth_feed_horizon WHERE app = ?", [app])?.int("purged_through") ?? 0
            let horizon = max(previous, tombstoneSeq, try removals?.optionalInt("top") ?? 0)
            try await executor.execute(
                """
                INSERT INTO hearth_feed_horizon (app, purged_through) VALUES (?, ?)
                ON CONFLICT (app) DO UPDATE SET purged_through = excluded.purged_through
                """, [app, .integer(horizon)])
            return PurgeReport(
                tombstones: tombstones, removeEntries: Int(try removals?.int("n") ?? 0),
                appliedMutations: mutations, horizon: horizon)
        }
    }
}
