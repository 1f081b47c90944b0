import HearthCore
import HearthServer
import HearthStore

/// A stored recommendation (spec §3.3 `recommendations`), as the read routes and the
/// refresh exclusion need it.
struct StoredRecommendation: Sendable, Hashable {
    static let columns = """
        id, milestone_id, recommendation_type, title, description, external_url, price_cents, merchant_name, image_url, \
        metadata, created_at
        """

    var id: String
    var milestoneID: String?
    var type: String
    var title: String
    var description: String?
    var externalURL: String?
    var priceCents: Int64?
    var merchantName: String?
    var imageURL: String?
    var metadata: JSONValue
    var createdAt: Timestamp

    init(row: SQLRow) throws {
        id = try row.string("id")
        milestoneID = try row.optionalString("milestone_id")
        type = try row.string("recommendation_type")
        title = try row.string("title")
        description = try row.optionalString("description")
        externalURL = try row.optionalString("external_url")
        priceCents = try row.optionalInt("price_cents")
        merchantName = try row.optionalString("merchant_name")
        imageURL = try row.optionalString("image_url")
        metadata = (try? row.json("metadata")) ?? .object([:])
        createdAt = try row.timestamp("created_at")
    }

    /// `MilestoneRecommendationItem` (spec §5.4).
    var json: JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return [
            "id": .string(id), "recommendation_type": .string(type), "title": .string(title),
            "description": optional(description), "external_url": optional(externalURL),
            "price_cents": priceCents.map(JSONValue.int) ?? .null, "merchant_name": optional(merchantName),
            "image_url": optional(imageURL), "created_at": KnotTime.json(createdAt),
        ]
    }

    /// What the refresh exclusion rules read (spec §6.10).
    var rejected: RejectedRecommendation {
        RejectedRecommendation(
            title: title, description: description, type: RecommendationType(rawValue: type) ?? .gift, merchantName: merchantName,
            priceCents: priceCents, metadata: metadata)
    }
}

/// Reads and writes `knot_recommendations` and `knot_recommendation_feedback`, always
/// scoped to one vault (anything else is "not found").
struct RecommendationStore: Sendable {
    /// The seven feedback actions (spec §3.1).
    static let actions = ["selected", "refreshed", "saved", "shared", "rated", "handoff", "purchased"]

    let database: any HearthDatabase
    let clock: any WallClock

    /// Stores `candidates` (append-only) and, when any came from the search provider the
    /// hints were given to, marks those hints used (Hearth decision 7). Returns the new
    /// row ids in order.
    func save(
        _ candidates: [Candidate], vaultID: String, milestoneID: String?, hintIDs: [String], catalog: StubCatalog
    ) async throws -> [String] {
        let now = clock.now
        let ids = candidates.map { _ in KnotID.make() }
        try await database.transaction { sql in
            for (id, candidate) in zip(ids, candidates) {
                try await sql.execute(
                    """
                    INSERT INTO knot_recommendations (id, vault_id, milestone_id, recommendation_type, title, description,
                        external_url, price_cents, merchant_name, image_url, currency, source, location, metadata,
                        interest_score, vibe_score, love_language_score, final_score, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(id), .text(vaultID), SQLValue(milestoneID), .text(candidate.type.rawValue), .text(candidate.title),
                        SQLValue(candidate.description), .text(candidate.externalURL), SQLValue(candidate.priceCents),
                        SQLValue(candidate.merchantName), SQLValue(RecommendationResult.imageURL(of: candidate, catalog: catalog)),
                        .text(candidate.currency), .text(candidate.source),
                        candidate.location.map { SQLValue(json: RecommendationResult.location($0)) } ?? .null,
                        SQLValue(json: candidate.metadata.objectValue == nil ? .object([:]) : candidate.metadata),
                        .real(candidate.interestScore), .real(candidate.vibeScore), .real(candidate.loveLanguageScore),
                        .real(candidate.finalScore), SQLValue(now),
                    ])
            }
            // Hints only reach the Tier-1 search provider (§6.2): they contributed only
            // when one of its candidates was stored.
            if candidates.contains(where: { $0.source == "claude_search" }) {
                for hintID in hintIDs {
                    try await sql.execute("UPDATE knot_hints SET is_used = 1 WHERE id = ? AND vault_id = ?", [.text(hintID), .text(vaultID)])
                }
            }
        }
        return ids
    }

    /// One recommendation of the vault, or `nil`.
    func find(id: String, vaultID: String) async throws -> StoredRecommendation? {
        try await database.read { sql in
            try await sql.queryFirst(
                "SELECT \(StoredRecommendation.columns) FROM knot_recommendations WHERE id = ? AND vault_id = ?",
                [.text(id), .text(vaultID)]
            ).map(StoredRecommendation.init(row:))
        }
    }

    /// The recommendations of the vault among `ids`, in the order of `ids` (duplicates once).
    func find(ids: [String], vaultID: String) async throws -> [StoredRecommendation] {
        var seen = Set<String>()
        var found: [StoredRecommendation] = []
        for id in ids where seen.insert(id).inserted {
            if let row = try await find(id: id, vaultID: vaultID) { found.append(row) }
        }
        return found
    }

    /// Up to `limit` recommendations of the vault for `milestoneID`, newest first.
    func list(milestoneID: String, vaultID: String, limit: Int = 10) async throws -> [StoredRecommendation] {
        try await database.read { sql in
            try await sql.query(
                """
                SELECT \(StoredRecommendation.columns) FROM knot_recommendations WHERE vault_id = ? AND milestone_id = ?
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, [.text(vaultID), .text(milestoneID), SQLValue(limit)]
            ).map(StoredRecommendation.init(row:))
        }
    }

    struct Feedback: Sendable {
        var id: String
        var recommendationID: String
        var action: String
        var rating: Int64?
        var feedbackText: String?
        var createdAt: Timestamp

        var json: JSONValue {
            [
                "id": .string(id), "recommendation_id": .string(recommendationID), "action": .string(action),
                "rating": rating.map(JSONValue.int) ?? .null, "feedback_text": feedbackText.map(JSONValue.string) ?? .null,
                "created_at": KnotTime.json(createdAt),
            ]
        }
    }

    /// Inserts one feedback row per entry.
    @discardableResult
    func addFeedback(
        userID: String, recommendationIDs: [String], action: String, rating: Int64? = nil, feedbackText: String? = nil
    ) async throws -> [Feedback] {
        let now = clock.now
        let rows = recommendationIDs.map {
            Feedback(id: KnotID.make(), recommendationID: $0, action: action, rating: rating, feedbackText: feedbackText, createdAt: now)
        }
        try await database.transaction { sql in
            for row in rows {
                try await sql.execute(
                    """
                    INSERT INTO knot_recommendation_feedback (id, recommendation_id, user_id, action, rating, feedback_text, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(row.id), .text(row.recommendationID), .text(userID), .text(row.action), SQLValue(row.rating),
                        SQLValue(row.feedbackText), SQLValue(now),
                    ])
            }
        }
        return rows
    }
}
