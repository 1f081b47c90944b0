import HearthCore
import HearthStore
import Logging

/// `knot_user_preference_weights` (spec §7 step 6): the weights feedback learning wrote
/// for a user, one JSON object per dimension.
struct LearnedWeightsStore: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock
    let logger: Logger

    /// The user's weights, or `nil` when they have none — or on any error, so a broken
    /// row never stops a recommendation (§7: consumers then use 1.0).
    func load(userID: String) async -> LearnedWeights? {
        do {
            guard
                let row = try await database.read({ sql in
                    try await sql.queryFirst(
                        """
                        SELECT interest_weights, vibe_weights, love_language_weights, type_weights
                        FROM knot_user_preference_weights WHERE user_id = ?
                        """, [.text(userID)])
                })
            else { return nil }
            return LearnedWeights(
                interests: try Self.map(row.json("interest_weights")), vibes: try Self.map(row.json("vibe_weights")),
                loveLanguages: try Self.map(row.json("love_language_weights")), types: try Self.map(row.json("type_weights")))
        } catch {
            logger.warning("learned weights unreadable; using none", metadata: ["user": "\(userID)", "error": "\(error)"])
            return nil
        }
    }

    /// Replaces the user's row (an upsert by `user_id`).
    func save(_ weights: LearnedWeights, feedbackCount: Int, userID: String, on sql: any SQLExecutor) async throws {
        try await sql.execute(
            """
            INSERT INTO knot_user_preference_weights
                (user_id, interest_weights, vibe_weights, love_language_weights, type_weights, feedback_count, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET interest_weights = excluded.interest_weights,
                vibe_weights = excluded.vibe_weights, love_language_weights = excluded.love_language_weights,
                type_weights = excluded.type_weights, feedback_count = excluded.feedback_count, updated_at = excluded.updated_at
            """,
            [
                .text(userID), SQLValue(json: Self.json(weights.interests)), SQLValue(json: Self.json(weights.vibes)),
                SQLValue(json: Self.json(weights.loveLanguages)), SQLValue(json: Self.json(weights.types)),
                .integer(Int64(feedbackCount)), SQLValue(clock.now),
            ])
    }

    struct Malformed: Error {}

    static func map(_ value: JSONValue) throws -> [String: Double] {
        guard let object = value.objectValue else { throw Malformed() }
        return try object.mapValues { number in
            guard let weight = number.doubleValue, weight.isFinite else { throw Malformed() }
            return weight
        }
    }

    static func json(_ map: [String: Double]) -> JSONValue {
        .object(map.mapValues(JSONValue.double))
    }
}
