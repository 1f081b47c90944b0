import HearthCore
import HearthStore
import Logging

/// A hint and how close it is to a query (cosine; 0.0 in the newest-first fallback).
struct RankedHint: Sendable, Hashable {
    var hint: StoredHint
    var similarity: Double
}

/// Semantic search over one vault's hints (spec §11, and Stage 1 of §6.2).
///
/// Cosine similarity is computed in this process on both engines, over the stored
/// little-endian float32 vectors, so SQLite and PostgreSQL rank identically: similarity
/// descending, then newer first (then id descending). Only vectors of the query's
/// `embedding_model` are compared. pgvector is not used: the column is `BYTEA`
/// everywhere, which keeps one code path and one ordering.
struct HintSimilaritySearch: Sendable {
    /// Rows read per round trip; memory stays bounded whatever the vault's size.
    static let batchSize = 256
    /// `MAX_HINTS` and `DEFAULT_SIMILARITY_THRESHOLD` [FACT].
    static let defaultLimit = 10
    static let defaultThreshold = 0.0

    let database: any HearthDatabase
    let embeddings: any EmbeddingProvider
    let logger: Logger

    /// The `limit` hints of `vaultID` closest to `query` with similarity ≥ `threshold`.
    func search(vaultID: String, query: [Float], modelID: String, limit: Int, threshold: Double) async throws -> [RankedHint] {
        guard limit > 0 else { return [] }
        var best: [RankedHint] = []
        var after = ""
        while true {
            let cursor = after
            let rows = try await database.read { sql in
                try await sql.query(
                    """
                    SELECT \(StoredHint.columns), hint_embedding FROM knot_hints
                    WHERE vault_id = ? AND embedding_model = ? AND hint_embedding IS NOT NULL AND id > ?
                    ORDER BY id LIMIT ?
                    """, [.text(vaultID), .text(modelID), .text(cursor), SQLValue(Self.batchSize)])
            }
            for row in rows {
                guard case .blob(let bytes) = row["hint_embedding"], let vector = EmbeddingVector.decode(bytes) else { continue }
                let similarity = EmbeddingVector.cosine(query, vector)
                guard similarity >= threshold else { continue }
                best.append(RankedHint(hint: try StoredHint(row: row), similarity: similarity))
            }
            if best.count > limit {
                best.sort(by: Self.ranksHigher)
                best.removeLast(best.count - limit)
            }
            guard rows.count == Self.batchSize, let last = rows.last else { break }
            after = try last.string("id")
        }
        return best.sorted(by: Self.ranksHigher)
    }

    /// Stage 1 of the pipeline: embed `queryText` and search; without a query vector, the
    /// newest `limit` hints with similarity 0.0. A storage failure yields no hints (logged).
    func relevantHints(
        vaultID: String, queryText: String, limit: Int = defaultLimit, threshold: Double = defaultThreshold
    ) async -> [RankedHint] {
        do {
            if let query = await embeddings.embed(queryText), EmbeddingVector.isUsable(query) {
                return try await search(vaultID: vaultID, query: query, modelID: embeddings.modelID, limit: limit, threshold: threshold)
            }
            return try await database.read { sql in
                try await sql.query(
                    "SELECT \(StoredHint.columns) FROM knot_hints WHERE vault_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
                    [.text(vaultID), SQLValue(limit)])
            }.map { RankedHint(hint: try StoredHint(row: $0), similarity: 0.0) }
        } catch {
            logger.error("hint retrieval failed", metadata: ["error": "\(error)"])
            return []
        }
    }

    static func ranksHigher(_ lhs: RankedHint, _ rhs: RankedHint) -> Bool {
        lhs.similarity != rhs.similarity ? lhs.similarity > rhs.similarity : StoredHint.newerFirst(lhs.hint, rhs.hint)
    }
}
