import HearthCore
import Testing

@testable import KnotServer

@Suite struct RecommendationPipelineTests {
    typealias F = RecommendationFixtures

    func pipeline(
        source: any CandidateSource = NoCandidateSource(), catalog: StubCatalog = .bundled, verifier: any URLVerifier = AlwaysAvailableVerifier()
    ) -> RecommendationPipeline {
        RecommendationPipeline(source: source, catalog: catalog, verifier: verifier, makeID: CandidateIDs.sequential())
    }

    @Test func exampleVaultWithStubsOnlyProducesThreeDiverseRecommendations() async throws {
        let input = F.exampleInput()
        let output = await pipeline().run(input)
        #expect(output.error == nil)
        #expect(output.final.count == 3)
        #expect(Set(output.final.map(\.id)).count == 3)
        #expect(output.final.allSatisfy { $0.id.hasPrefix("c-") })
        #expect(output.final.allSatisfy { input.budgetRange.admits($0.priceCents) })
        #expect(output.final.first == output.pool.first)
        #expect(output.pool.count <= 9)
        #expect(output.pool == BoostScoring.sortedByFinalScore(output.pool))
        for candidate in output.pool {
            #expect(!input.dislikes.contains { InterestFiltering.matches(candidate, $0) }, "\(candidate.title)")
            #expect(candidate.metadata["catalog"] == "stub")
        }
        // The three differ pairwise in at least one of tier, type, merchant.
        let tiers = output.final.map { PriceTier(price: $0.priceCents, budget: input.budgetRange) }
        #expect(Set(tiers).count > 1 || Set(output.final.map { TextMatch.norm($0.merchantName ?? "") }).count > 1)
    }

    @Test func exampleVaultWithTheUniformCatalogPicksHandComputedItems() async {
        // Stage 3 keeps the 9 gifts matched via metadata (1.5) in title order; Stage 4 gives
        // each × 1.2 (secondary receiving_gifts) = 1.8. All share tier, type and merchant,
        // so after the first pick every diversity is 0 and title order decides.
        let output = await pipeline(catalog: F.uniformCatalog).run(F.exampleInput())
        #expect(output.error == nil)
        #expect(output.pool.map(\.title) == [
            "Board Games 1", "Board Games 2", "Board Games 3", "Concerts 1", "Concerts 2", "Concerts 3", "Cooking 1", "Cooking 2",
            "Cooking 3",
        ])
        #expect(output.pool.allSatisfy { approximatelyEqual($0.finalScore, 1.8) })
        #expect(output.final.map(\.title) == ["Board Games 1", "Board Games 2", "Board Games 3"])
        #expect(output.final.map(\.id) == ["c-13", "c-14", "c-15"])
    }

    @Test func noCandidatesInBudgetStopsWithTheStageTwoError() async {
        var input = F.exampleInput()
        input.budgetRange = BudgetRange(minAmount: 1, maxAmount: 2)
        let output = await pipeline().run(input)
        #expect(output.error == "No candidates found matching budget and criteria")
        #expect(output.final.isEmpty)
    }

    @Test func allCandidatesMatchingADislikeStopsWithTheStageThreeError() async {
        let source = FixedCandidateSource(tier1: [F.candidate("Sports Bag"), F.candidate("Comedy Night", type: .experience)])
        let output = await pipeline(source: source, catalog: F.emptyCatalog).run(F.exampleInput())
        #expect(output.error == "All candidates filtered out — try adjusting your preferences")
        #expect(output.final.isEmpty)
    }

    @Test func brokenLinksAreReplacedFromThePool() async {
        let first = await pipeline(catalog: F.uniformCatalog).run(F.exampleInput())
        let broken = RejectingVerifier(rejecting: [first.final[1].externalURL])
        let output = await pipeline(catalog: F.uniformCatalog, verifier: broken).run(F.exampleInput())
        #expect(output.final.map(\.title) == ["Board Games 1", "Concerts 1", "Board Games 3"])
    }

    @Test func refreshExcludesRejectedTitlesBeforeSelection() async {
        var input = F.exampleInput()
        input.exclusion = RefreshExclusion(
            reason: .showDifferent, rejected: [RejectedRecommendation(title: "Board Games 1", type: .gift)])
        let output = await pipeline(catalog: F.uniformCatalog).run(input)
        #expect(output.final.map(\.title) == ["Board Games 2", "Board Games 3", "Concerts 1"])
        #expect(!output.pool.map(\.title).contains("Board Games 1"))
    }

    @Test func refreshThatExcludesTheWholePoolFails() async {
        var input = F.exampleInput()
        let titles = ["Board Games", "Concerts", "Cooking"].flatMap { interest in (1...3).map { "\(interest) \($0)" } }
        input.exclusion = RefreshExclusion(
            reason: .tooCheap, rejected: titles.map { RejectedRecommendation(title: $0, type: .gift, priceCents: 3000) })
        let output = await pipeline(catalog: F.uniformCatalog).run(input)
        #expect(output.error == RefreshExclusion.everythingExcludedError)
        #expect(output.final.isEmpty)
    }
}
