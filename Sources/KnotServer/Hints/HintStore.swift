import HearthCore
import HearthStore

/// Hints of one vault (spec §5.3): stored with their embedding, listed newest first,
/// deleted only by their vault's owner.
struct HintStore: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    /// Adds a hint to `vaultID`. `embedding` is `nil` when the provider gave none; the
    /// hint is stored all the same.
    ///
    /// A hint's `created_at` is later than every earlier hint of its vault, by a
    /// millisecond if needed: "newest first" then always means "last sent first", even
    /// for hints sent within one millisecond or under a stopped test clock.
    func add(vaultID: String, input: HintInput, embedding: [Float]?, modelID: String) async throws -> StoredHint {
        let now = clock.now
        let id = KnotID.make()
        let vector: SQLValue = embedding.map { .blob(EmbeddingVector.encode($0)) } ?? .null
        return try await database.transaction { sql in
            let latest = try await sql.queryFirst(
                "SELECT MAX(created_at) AS latest FROM knot_hints WHERE vault_id = ?", [.text(vaultID)]
            )?.optionalTimestamp("latest")
            let createdAt = latest.map { max(now, $0.adding(milliseconds: 1)) } ?? now
            try await sql.execute(
                """
                INSERT INTO knot_hints (id, vault_id, hint_text, hint_embedding, embedding_model, source, is_used, created_at)
                VALUES (?, ?, ?, ?, ?, ?, 0, ?)
                """,
                [
                    .text(id), .text(vaultID), .text(input.hintText), vector, embedding == nil ? .null : .text(modelID),
                    .text(input.source), SQLValue(createdAt),
                ])
            return StoredHint(id: id, hintText: input.hintText, source: input.source, isUsed: false, createdAt: createdAt)
        }
    }

    /// One page of `vaultID`'s hints, newest first, and how many it has in all.
    func list(vaultID: String, page: PageQuery) async throws -> (hints: [StoredHint], total: Int64) {
        try await database.read { sql in
            let hints = try await sql.query(
                """
                SELECT \(StoredHint.columns) FROM knot_hints WHERE vault_id = ?
                ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?
                """, [.text(vaultID), SQLValue(page.limit), SQLValue(page.offset)]
            ).map(StoredHint.init(row:))
            let total =
                try await sql.queryFirst("SELECT COUNT(*) AS total FROM knot_hints WHERE vault_id = ?", [.text(vaultID)])?
                .int("total") ?? 0
            return (hints, total)
        }
    }

    /// Deletes the hint `hintID` of `vaultID`; `false` when that vault has no such hint
    /// (another vault's hint is left alone and looks exactly like a missing one).
    func delete(vaultID: String, hintID: String) async throws -> Bool {
        try await database.transaction { sql in
            guard
                try await sql.queryFirst("SELECT id FROM knot_hints WHERE id = ? AND vault_id = ?", [.text(hintID), .text(vaultID)]) != nil
            else { return false }
            try await sql.execute("DELETE FROM knot_hints WHERE id = ? AND vault_id = ?", [.text(hintID), .text(vaultID)])
            return true
        }
    }

    /// Every hint of `vaultID`, newest first (the export).
    static func all(vaultID: String, on sql: any SQLExecutor) async throws -> [StoredHint] {
        try await sql.query(
            "SELECT \(StoredHint.columns) FROM knot_hints WHERE vault_id = ? ORDER BY created_at DESC, id DESC", [.text(vaultID)]
        ).map(StoredHint.init(row:))
    }
}
