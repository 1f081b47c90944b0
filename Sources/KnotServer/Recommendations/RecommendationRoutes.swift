import HearthCore
import HearthServer
import Hummingbird
import Logging
import KnotRules

/// The `/api/v1/recommendations` routes (spec §5.5): generate, refresh, feedback, and the
/// two reads. The fixed paths are registered before the catch-all `/{recommendation_id}`.
struct RecommendationRoutes: Sendable {
    static let maxBodyBytes = 64 * 1024
    static let maxRejectedIDs = 100
    static let maxFeedbackText = 2000
    static let milestoneNotFound = "Milestone not found"
    static let noneFound = "No recommendations found for the given IDs"
    static let notFound = "Recommendation not found"

    let service: RecommendationService
    var store: RecommendationStore { service.store }

    func register(on api: RouterGroup<HearthRequestContext>) {
        api.post("recommendations/generate") { request, context in try await generate(request, context) }
        api.post("recommendations/refresh") { request, context in try await refresh(request, context) }
        api.post("recommendations/feedback") { request, context in try await feedback(request, context) }
        api.get("recommendations/by-milestone/:milestone_id") { _, context in try await byMilestone(context) }
        api.get("recommendations/:recommendation_id") { _, context in try await byID(context) }
    }

    // MARK: - §5.5.1

    func generate(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let body = try await KnotRequestBody.object(request, context: context, limit: Self.maxBodyBytes)
        guard let occasion = body.value("occasion_type") else { throw APIError.invalidField("occasion_type", "Field required") }
        let occasionType = try body.choice(occasion.value, "occasion_type", KnotVaultRules.budgetTiers)
        var requestedMilestone: String?
        if let found = body.value("milestone_id") {
            guard let text = found.value.stringValue else { throw APIError.invalidField("milestone_id", "Input should be a valid string") }
            requestedMilestone = text
        }

        let vault = try await loadVault(userID)
        var milestone: StoredVault.Milestone?
        if let requestedMilestone {
            guard let id = KnotID.normalized(requestedMilestone), let stored = vault.milestones.first(where: { $0.id == id }) else {
                throw APIError.knotNotFound(Self.milestoneNotFound)
            }
            milestone = stored
        }
        let items = try await service.generate(await service.input(vault: vault, occasionType: occasionType, milestone: milestone))
        return Response.json([
            "recommendations": .array(items), "count": .int(Int64(items.count)),
            "milestone_id": milestone.map { .string($0.id) } ?? .null, "occasion_type": .string(occasionType),
        ])
    }

    // MARK: - §5.5.2

    func refresh(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let body = try await KnotRequestBody.object(request, context: context, limit: Self.maxBodyBytes)
        let field = "rejected_recommendation_ids"
        let elements = try body.array(field, maxCount: Self.maxRejectedIDs)
        guard !elements.isEmpty else { throw APIError.invalidField(field, "List should have at least 1 item after validation, not 0") }
        let ids = try elements.enumerated().map { index, element in
            guard let text = element.stringValue else { throw APIError.invalidField("\(field).\(index)", "Input should be a valid string") }
            return text
        }
        guard let found = body.value("rejection_reason") else { throw APIError.invalidField("rejection_reason", "Field required") }
        let reasonText = try body.choice(found.value, "rejection_reason", RejectionReason.allCases.map(\.rawValue))
        guard let reason = RejectionReason(rawValue: reasonText) else { throw APIError.invalidField("rejection_reason", "Invalid") }

        let vault = try await loadVault(userID)
        let rejected = try await store.find(ids: ids.compactMap(KnotID.normalized), vaultID: vault.id)
        guard let first = rejected.first else { throw APIError.knotNotFound(Self.noneFound) }
        try await store.addFeedback(
            userID: userID, recommendationIDs: rejected.map(\.id), action: "refreshed", feedbackText: reason.rawValue)

        // Context [DECISION]: the first found row's milestone, if it still exists; the
        // occasion is its budget tier, else `just_because`.
        let milestone = first.milestoneID.flatMap { id in vault.milestones.first { $0.id == id } }
        let input = await service.input(
            vault: vault, occasionType: milestone?.content.budgetTier ?? "just_because", milestone: milestone,
            exclusion: RefreshExclusion(reason: reason, rejected: rejected.map(\.rejected)))
        let items = try await service.generate(input)
        return Response.json([
            "recommendations": .array(items), "count": .int(Int64(items.count)), "rejection_reason": .string(reason.rawValue),
        ])
    }

    // MARK: - §5.5.3

    func feedback(_ request: Request, _ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let body = try await KnotRequestBody.object(request, context: context, limit: Self.maxBodyBytes)
        guard let recommendation = body.value("recommendation_id") else {
            throw APIError.invalidField("recommendation_id", "Field required")
        }
        guard let recommendationText = recommendation.value.stringValue else {
            throw APIError.invalidField("recommendation_id", "Input should be a valid string")
        }
        guard let actionValue = body.value("action") else { throw APIError.invalidField("action", "Field required") }
        let action = try body.choice(actionValue.value, "action", RecommendationStore.actions)
        let rating = try body.optionalInt("rating", in: 1...5)
        if action == "rated", rating == nil { throw APIError.invalidField("rating", "A rating is required for the 'rated' action") }
        let feedbackText = try body.optionalString("feedback_text", maxLength: Self.maxFeedbackText)

        let vault = try await loadVault(userID)
        guard let id = KnotID.normalized(recommendationText), try await store.find(id: id, vaultID: vault.id) != nil else {
            throw APIError.knotNotFound(Self.notFound)
        }
        let rows = try await store.addFeedback(
            userID: userID, recommendationIDs: [id], action: action, rating: rating, feedbackText: feedbackText)
        return Response.json(rows[0].json, status: .created)
    }

    // MARK: - §5.5.4 and §5.5.5

    func byMilestone(_ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let requested = context.pathParameter("milestone_id")
        let vault = try await loadVault(userID)
        var rows: [StoredRecommendation] = []
        if let milestoneID = KnotID.normalized(requested) { rows = try await store.list(milestoneID: milestoneID, vaultID: vault.id) }
        return Response.json([
            "recommendations": .array(rows.map(\.json)), "count": .int(Int64(rows.count)), "milestone_id": .string(requested),
        ])
    }

    func byID(_ context: HearthRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let vault = try await loadVault(userID)
        guard let id = KnotID.normalized(context.pathParameter("recommendation_id")),
            let row = try await store.find(id: id, vaultID: vault.id)
        else { throw APIError.knotNotFound(Self.notFound) }
        return Response.json(row.json)
    }

    // MARK: - Shared

    private func loadVault(_ userID: String) async throws -> StoredVault {
        guard let vault = try await service.vault(of: userID) else { throw APIError.knotNotFound(VaultStore.noVault) }
        return vault
    }
}
