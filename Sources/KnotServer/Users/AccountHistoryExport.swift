import HearthCore
import HearthStore

/// The history of one account for the export (spec §5.7): the vault's stored
/// recommendations, the user's feedback and their reminders, oldest first. Scores, metadata and
/// embeddings stay out, as the export's inner field lists leave them.
enum AccountHistoryExport {
    static func recommendations(vaultID: String?, on sql: any SQLExecutor) async throws -> [JSONValue] {
        guard let vaultID else { return [] }
        return try await sql.query(
            """
            SELECT id, milestone_id, recommendation_type, title, description, external_url, price_cents, merchant_name,
                image_url, created_at
            FROM knot_recommendations WHERE vault_id = ? ORDER BY created_at, id
            """, [.text(vaultID)]
        ).map { row in
            [
                "id": .string(try row.string("id")), "milestone_id": text(try row.optionalString("milestone_id")),
                "recommendation_type": .string(try row.string("recommendation_type")), "title": .string(try row.string("title")),
                "description": text(try row.optionalString("description")), "external_url": text(try row.optionalString("external_url")),
                "price_cents": try row.optionalInt("price_cents").map { .int($0) } ?? .null,
                "merchant_name": text(try row.optionalString("merchant_name")), "image_url": text(try row.optionalString("image_url")),
                "created_at": KnotTime.json(try row.timestamp("created_at")),
            ]
        }
    }

    static func feedback(userID: String, on sql: any SQLExecutor) async throws -> [JSONValue] {
        try await sql.query(
            """
            SELECT id, recommendation_id, action, rating, feedback_text, created_at
            FROM knot_recommendation_feedback WHERE user_id = ? ORDER BY created_at, id
            """, [.text(userID)]
        ).map { row in
            [
                "id": .string(try row.string("id")), "recommendation_id": .string(try row.string("recommendation_id")),
                "action": .string(try row.string("action")), "rating": try row.optionalInt("rating").map { .int($0) } ?? .null,
                "feedback_text": text(try row.optionalString("feedback_text")), "created_at": KnotTime.json(try row.timestamp("created_at")),
            ]
        }
    }

    /// The user's reminders, by due time: `{id, milestone_id, scheduled_for, days_before,
    /// status, sent_at, viewed_at, created_at}`.
    static func notifications(userID: String, on sql: any SQLExecutor) async throws -> [JSONValue] {
        try await sql.query(
            "SELECT \(QueuedReminder.columns) FROM knot_notification_queue WHERE user_id = ? ORDER BY scheduled_for, days_before DESC, id",
            [.text(userID)]
        ).map { row in
            let reminder = try QueuedReminder(row: row)
            return [
                "id": .string(reminder.id), "milestone_id": .string(reminder.milestoneID),
                "scheduled_for": KnotTime.json(reminder.scheduledFor), "days_before": .int(Int64(reminder.daysBefore)),
                "status": .string(reminder.status.rawValue), "sent_at": KnotTime.json(reminder.sentAt),
                "viewed_at": KnotTime.json(reminder.viewedAt), "created_at": KnotTime.json(reminder.createdAt),
            ]
        }
    }

    private static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
