import HearthCore
import HearthStore

/// Feedback learning over the stored feedback (spec §7): the weekly `feedback.analyze` job
/// and `POST /api/v1/feedback/analyze` run it for one user or for all.
struct FeedbackAnalysis: Sendable {
    let database: any HearthDatabase
    let weights: LearnedWeightsStore
    let clock: any WallClock

    struct Outcome: Sendable, Hashable {
        var usersAnalyzed = 0
        var weightsUpdated = 0
    }

    /// Every user with feedback, or only `userID`.
    func run(userID: String? = nil) async throws -> Outcome {
        let users = try await database.read { sql in
            try await sql.query(
                "SELECT DISTINCT user_id FROM knot_recommendation_feedback\(userID == nil ? "" : " WHERE user_id = ?") ORDER BY user_id",
                userID.map { [.text($0)] } ?? [])
        }.map { try $0.string("user_id") }
        var outcome = Outcome()
        for user in users {
            outcome.usersAnalyzed += 1
            if try await analyze(user) { outcome.weightsUpdated += 1 }
        }
        return outcome
    }

    /// - Returns: whether weights were written (the user had enough feedback).
    private func analyze(_ userID: String) async throws -> Bool {
        try await database.transaction { sql in
            let interests = try await StoredVault.load(userID: userID, on: sql)?.interests ?? []
            let observations = try await sql.query(
                """
                SELECT f.action, f.rating, r.recommendation_type, r.title, r.description, r.metadata
                FROM knot_recommendation_feedback f JOIN knot_recommendations r ON r.id = f.recommendation_id
                WHERE f.user_id = ?
                """, [.text(userID)]
            ).map(Self.observation)
            guard let learned = FeedbackLearning.weights(from: observations, interests: interests) else { return false }
            try await weights.save(learned, feedbackCount: observations.count, userID: userID, on: sql)
            return true
        }
    }

    private static func observation(_ row: SQLRow) throws -> FeedbackLearning.Observation {
        let recommendation = Candidate(
            id: "", source: "", type: RecommendationType(rawValue: try row.string("recommendation_type")) ?? .gift,
            title: try row.string("title"), description: try row.optionalString("description"), priceCents: nil, externalURL: "",
            imageURL: nil, merchantName: nil, location: nil, metadata: (try? row.json("metadata")) ?? .object([:]))
        return FeedbackLearning.Observation(recommendation: recommendation, action: try row.string("action"), rating: try row.optionalInt("rating"))
    }
}
