import HearthCore
import HearthServer
import Logging

/// Runs the engine for a vault and stores what it chose (spec §5.5.1 steps, §8.3 step 6):
/// the one path behind the generate and refresh routes and the milestone reminders.
struct RecommendationService: Sendable {
    static let generationFailed = "Failed to generate recommendations"

    let store: RecommendationStore
    let engine: any RecommendationEngine
    let weights: LearnedWeightsStore
    let logger: Logger

    var clock: any WallClock { store.clock }

    /// The vault of `userID`, or `nil`.
    func vault(of userID: String) async throws -> StoredVault? {
        try await store.database.read { sql in try await StoredVault.load(userID: userID, on: sql) }
    }

    /// The engine's input for `vault`, with the user's learned weights (`nil` on any failure).
    func input(
        vault: StoredVault, occasionType: String, milestone: StoredVault.Milestone?, exclusion: RefreshExclusion? = nil
    ) async -> PipelineInput {
        PipelineInput(
            vault: vault, occasionType: occasionType, milestone: milestone.map(milestoneContext),
            weights: await weights.load(userID: vault.userID), exclusion: exclusion)
    }

    /// Runs the engine and stores its choice with the input's milestone; an engine error or
    /// nothing chosen throws a 500 carrying the engine's message (§6.8). A failure to store
    /// is logged, and the candidates' own ids are returned instead.
    /// - Returns: the `RecommendationItem`s (§5.4).
    func generate(_ input: PipelineInput) async throws -> [JSONValue] {
        let output = await engine.run(input)
        if let error = output.error { throw APIError(.internalServerError, code: .internalError, message: error) }
        guard !output.final.isEmpty else { throw APIError(.internalServerError, code: .internalError, message: Self.generationFailed) }
        var ids: [String]?
        do {
            ids = try await store.save(
                output.final, vaultID: input.vaultID, milestoneID: input.milestone?.id, hintIDs: output.hints.map(\.hint.id),
                catalog: engine.catalog)
        } catch {
            logger.error("storing recommendations failed", metadata: ["error": "\(error)"])
        }
        return output.final.enumerated().map { index, candidate in
            RecommendationResult.item(candidate, id: ids?[index], catalog: engine.catalog)
        }
    }

    /// The milestone context, `days_until` counted from today (UTC) to its next occurrence (§8.1).
    func milestoneContext(_ milestone: StoredVault.Milestone) -> PipelineInput.Milestone {
        let today = CalendarDate.utc(clock.now)
        let next = MilestoneCalendar.nextOccurrence(of: milestone.content, after: today)
        return PipelineInput.Milestone(
            id: milestone.id, milestoneType: milestone.content.milestoneType, milestoneName: milestone.content.milestoneName,
            milestoneDate: milestone.content.milestoneDate.description, recurrence: milestone.content.recurrence,
            budgetTier: milestone.content.budgetTier, daysUntil: next.map { MilestoneCalendar.daysUntil($0, from: today) })
    }
}
