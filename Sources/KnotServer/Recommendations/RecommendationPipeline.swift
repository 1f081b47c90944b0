/// What one run of the engine produced (spec §6.1): the final recommendations, the
/// ranked pool they were chosen from, the hints retrieved, and the stage error if it
/// stopped early (then `final` is empty).
struct PipelineOutput: Sendable {
    var final: [Candidate]
    var pool: [Candidate]
    var hints: [RankedHint]
    var error: String?
}

/// The default engine, the six-stage pipeline (spec §6): hints → aggregate → interest
/// filter → boosts → (refresh exclusion) → diversity selection → URL verification.
///
/// Pure apart from its injected collaborators: no clock, no database, no network unless a
/// collaborator brings one. Candidate ids come from `makeID`.
struct RecommendationPipeline: Sendable {
    var hints: any HintRetriever = NoHintRetriever()
    var source: any CandidateSource = NoCandidateSource()
    var catalog: StubCatalog = .bundled
    var verifier: any URLVerifier = AlwaysAvailableVerifier()
    var makeID: CandidateIDGenerator = CandidateIDs.random

    func run(_ input: PipelineInput) async -> PipelineOutput {
        // Stage 1
        let hints = await self.hints.relevantHints(for: input, queryText: HintQuery.text(for: input))
        // Stage 2
        let candidates = await CandidateAggregation(source: source, catalog: catalog, makeID: makeID).run(input, hints: hints)
        guard !candidates.isEmpty else {
            return PipelineOutput(final: [], pool: [], hints: hints, error: CandidateAggregation.noCandidatesError)
        }
        // Stage 3
        let filtered = InterestFiltering.run(candidates, input: input)
        guard !filtered.isEmpty else {
            return PipelineOutput(final: [], pool: [], hints: hints, error: InterestFiltering.allFilteredError)
        }
        // Stage 4, then the refresh exclusion
        var pool = BoostScoring.run(filtered, input: input)
        if let exclusion = input.exclusion {
            pool = exclusion.apply(to: pool, budget: input.budgetRange)
            guard !pool.isEmpty else {
                return PipelineOutput(final: [], pool: [], hints: hints, error: RefreshExclusion.everythingExcludedError)
            }
        }
        // Stages 5 and 6
        let selected = DiversitySelection.select(from: pool, budget: input.budgetRange)
        let final = await URLVerification.run(selected: selected, pool: pool, verifier: verifier)
        return PipelineOutput(final: final, pool: pool, hints: hints, error: nil)
    }
}
