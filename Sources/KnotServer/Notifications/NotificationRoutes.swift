import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// The `/api/v1/notifications` routes for the app (spec §5.6): the caller's reminder
/// history and viewed marks.
struct NotificationRoutes: Sendable {
    static let notFound = "Notification not found"

    let database: any HearthDatabase
    let clock: any WallClock

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.get("notifications/history") { request, context in try await history(request, context) }
        api.patch("notifications/:notification_id/viewed") { _, context in try await markViewed(context) }
    }

    func history(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let page = try PageQuery(request)
        let (rows, total) = try await database.read { sql in
            let rows = try await sql.query(
                """
                SELECT q.id, q.milestone_id, q.days_before, q.status, q.sent_at, q.viewed_at, q.created_at,
                    m.milestone_name, m.milestone_type, m.milestone_date,
                    (SELECT COUNT(*) FROM knot_recommendations r JOIN knot_partner_vaults v ON v.id = r.vault_id
                        WHERE v.user_id = q.user_id AND r.milestone_id = q.milestone_id) AS recommendations_count
                FROM knot_notification_queue q LEFT JOIN knot_partner_milestones m ON m.id = q.milestone_id
                WHERE q.user_id = ? AND q.status IN ('sent', 'failed')
                ORDER BY q.sent_at DESC NULLS LAST, q.created_at DESC, q.id LIMIT ? OFFSET ?
                """, [.text(userID), SQLValue(page.limit), SQLValue(page.offset)])
            let total = try await sql.queryFirst(
                "SELECT COUNT(*) AS total FROM knot_notification_queue WHERE user_id = ? AND status IN ('sent', 'failed')",
                [.text(userID)])
            return (rows, try total?.int("total") ?? 0)
        }
        return Response.json(["notifications": .array(try rows.map(Self.item)), "total": .int(total)])
    }

    /// A history item; a milestone gone since reads as "Deleted Milestone".
    static func item(_ row: SQLRow) throws -> JSONValue {
        [
            "id": .string(try row.string("id")), "milestone_id": .string(try row.string("milestone_id")),
            "milestone_name": .string(try row.optionalString("milestone_name") ?? "Deleted Milestone"),
            "milestone_type": .string(try row.optionalString("milestone_type") ?? "unknown"),
            "milestone_date": .string(try row.optionalString("milestone_date") ?? ""),
            "days_before": .int(try row.int("days_before")), "status": .string(try row.string("status")),
            "sent_at": KnotTime.json(try row.optionalTimestamp("sent_at")),
            "viewed_at": KnotTime.json(try row.optionalTimestamp("viewed_at")),
            "created_at": KnotTime.json(try row.timestamp("created_at")),
            "recommendations_count": .int(try row.int("recommendations_count")),
        ]
    }

    /// Sets `viewed_at` to now, again on every call; 404 for anything not the caller's.
    func markViewed(_ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let now = clock.now
        guard let id = KnotID.normalized(context.pathParameter("notification_id")),
            try await database.transaction({ sql in
                try await sql.query(
                    "UPDATE knot_notification_queue SET viewed_at = ? WHERE id = ? AND user_id = ? RETURNING id",
                    [SQLValue(now), .text(id), .text(userID)])
            }).count == 1
        else { throw APIError.knotNotFound(Self.notFound) }
        return Response.json(["id": .string(id), "viewed_at": KnotTime.json(now)])
    }
}
