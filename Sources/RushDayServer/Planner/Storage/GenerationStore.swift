import HearthCore
import HearthStore

/// A stored plan generation (spec §5.5): owned by its creator, or anonymous until the first
/// authenticated caller uses it.
struct StoredGeneration: Sendable, Hashable {
    var id: String
    var ownerID: String?
    var request: PlanRequest
    var processingTimeMilliseconds: Int64
    var expiresAt: Timestamp
}

/// `rd_plan_generations` and `rd_plan_plans`: a generation is written in one statement batch
/// after its stream completed, so a cancelled stream leaves nothing behind.
enum GenerationStore {
    /// Generations stay readable at least this long (§5.5 asks for 24 hours).
    static let lifetimeMilliseconds: Int64 = 48 * 3_600_000

    static func insert(
        id: String, ownerID: String?, request: PlanRequest, plans: [GeneratedPlan], processingTimeMilliseconds: Int64, now: Timestamp,
        _ sql: any SQLExecutor
    ) async throws {
        try await sql.execute(
            "INSERT INTO rd_plan_generations (id, owner_id, request, processing_time_ms, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(id), SQLValue(ownerID), .text(try PlannerJSON.encode(request)), .integer(processingTimeMilliseconds), SQLValue(now),
             SQLValue(now.adding(milliseconds: lifetimeMilliseconds))])
        for (position, plan) in plans.enumerated() {
            try await sql.execute(
                "INSERT INTO rd_plan_plans (id, generation_id, position, plan) VALUES (?, ?, ?, ?)",
                [.text(plan.id), .text(id), SQLValue(position), .text(try PlannerJSON.encode(plan))])
        }
    }

    static func generation(_ id: String, _ sql: any SQLExecutor) async throws -> StoredGeneration? {
        guard let row = try await sql.queryFirst(
            "SELECT id, owner_id, request, processing_time_ms, expires_at FROM rd_plan_generations WHERE id = ?", [.text(id)])
        else { return nil }
        return StoredGeneration(
            id: try row.string("id"), ownerID: try row.optionalString("owner_id"),
            request: try PlannerJSON.decode(PlanRequest.self, from: try row.string("request")),
            processingTimeMilliseconds: try row.int("processing_time_ms"), expiresAt: try row.timestamp("expires_at"))
    }

    static func plans(of generationID: String, _ sql: any SQLExecutor) async throws -> [GeneratedPlan] {
        try await sql.query("SELECT plan FROM rd_plan_plans WHERE generation_id = ? ORDER BY position", [.text(generationID)])
            .map { try PlannerJSON.decode(GeneratedPlan.self, from: try $0.string("plan")) }
    }

    /// A plan with the id of its generation.
    static func plan(_ planID: String, _ sql: any SQLExecutor) async throws -> (generationID: String, plan: GeneratedPlan)? {
        guard let row = try await sql.queryFirst("SELECT generation_id, plan FROM rd_plan_plans WHERE id = ?", [.text(planID)]) else {
            return nil
        }
        return (try row.string("generation_id"), try PlannerJSON.decode(GeneratedPlan.self, from: try row.string("plan")))
    }

    /// Makes `ownerID` the owner of an anonymous generation; false when someone else was first.
    static func claim(_ id: String, for ownerID: String, _ sql: any SQLExecutor) async throws -> Bool {
        try await sql.execute("UPDATE rd_plan_generations SET owner_id = ? WHERE id = ? AND owner_id IS NULL", [.text(ownerID), .text(id)])
        return try await generation(id, sql)?.ownerID == ownerID
    }

    /// The generation as `callerID` may use it (§5.5): owned by the caller, or anonymous and
    /// now claimed by the caller; `nil` when unknown, expired or someone else's.
    static func accessible(_ id: String, for callerID: String, now: Timestamp, _ sql: any SQLExecutor) async throws -> StoredGeneration? {
        guard var generation = try await generation(id, sql), generation.expiresAt > now else { return nil }
        if generation.ownerID == nil {
            guard try await claim(id, for: callerID, sql) else { return nil }
            generation.ownerID = callerID
        }
        return generation.ownerID == callerID ? generation : nil
    }
}
