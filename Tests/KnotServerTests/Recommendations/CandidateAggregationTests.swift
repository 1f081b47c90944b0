import HearthCore
import Testing

@testable import KnotServer

@Suite struct CandidateAggregationTests {
    typealias F = RecommendationFixtures

    func aggregation(_ source: any CandidateSource = NoCandidateSource(), catalog: StubCatalog = F.uniformCatalog) -> CandidateAggregation {
        CandidateAggregation(source: source, catalog: catalog, makeID: CandidateIDs.sequential())
    }

    @Test func stubsInterleaveGiftsAndExperiencesAndStopAtTwenty() async {
        let result = await aggregation().run(F.exampleInput(), hints: [])
        let expected =
            ["Travel 1", "romantic 1", "Travel 2", "romantic 2", "Travel 3", "romantic 3"]
            + ["Cooking 1", "minimalist 1", "Cooking 2", "minimalist 2", "Cooking 3", "minimalist 3"]
            + ["Board Games 1", "Board Games 2", "Board Games 3", "Concerts 1", "Concerts 2", "Concerts 3", "Gardening 1", "Gardening 2"]
        #expect(result.map(\.title) == expected)
        #expect(result.map(\.id) == (1...20).map { "c-\($0)" })
    }

    @Test func stubCandidatesCarryCatalogMetadataImagesLocationAndSearchURLs() async {
        let result = await aggregation().run(F.exampleInput(), hints: [])
        let gift = result[0]
        #expect(gift.type == .gift)
        #expect(gift.metadata == ["matched_interest": "Travel", "catalog": "stub"])
        #expect(gift.imageURL == "https://img/Travel")
        #expect(gift.location == nil)
        #expect(gift.externalURL == "https://www.amazon.com/s?k=M%20Travel%201")
        let experience = result[1]
        #expect(experience.type == .experience)
        #expect(experience.metadata == ["matched_vibe": "romantic", "catalog": "stub"])
        #expect(experience.location == CandidateLocation(city: "Austin", state: "TX", country: "US", address: nil))
        #expect(experience.externalURL == "https://www.google.com/search?q=Y%20romantic%201")
        #expect(experience.currency == "USD")
    }

    @Test func experiencesHaveNoLocationWhenTheVaultHasNone() async {
        var input = F.exampleInput()
        input.location = .init()
        let result = await aggregation().run(input, hints: [])
        #expect(result[1].location == nil)
    }

    @Test func stubListsAreBudgetFilteredBeforeInterleaving() async {
        var catalog = F.uniformCatalog
        catalog.interestGifts["Travel"]![0].priceCents = 9000
        let result = await aggregation(catalog: catalog).run(F.exampleInput(), hints: [])
        #expect(Array(result.map(\.title).prefix(4)) == ["Travel 2", "romantic 1", "Travel 3", "romantic 2"])
    }

    @Test func tierOneCandidatesComeFirstAndStubsWithTheSameTitleAreSkipped() async {
        let tier1 = [F.candidate("  travel 1 ", id: "t1"), F.candidate("Search find", id: "t2")]
        let result = await aggregation(FixedCandidateSource(tier1: tier1, tier2: [F.candidate("never")])).run(F.exampleInput(), hints: [])
        #expect(result.count == 20)
        #expect(Array(result.map(\.title).prefix(4)) == ["  travel 1 ", "Search find", "romantic 1", "Travel 2"])
        #expect(!result.map(\.title).contains("never"))
        #expect(result[2].id == "c-1")
    }

    @Test func tierTwoIsAskedWhenTierOneFailsOrIsEmpty() async {
        let failing = FixedCandidateSource(tier1: nil, tier2: [F.candidate("Aggregated", id: "a1")])
        #expect(await aggregation(failing).run(F.exampleInput(), hints: []).first?.title == "Aggregated")
        let throwingBoth = FixedCandidateSource(tier1: nil, tier2: nil)
        #expect(await aggregation(throwingBoth).run(F.exampleInput(), hints: []).first?.title == "Travel 1")
    }

    @Test func twentyIntegrationCandidatesNeedNoStubsAndTheBudgetFilterStillApplies() async {
        let tier1 = (1...21).map { F.candidate("Found \($0)", price: $0 == 1 ? 9999 : 3000) }
        let result = await aggregation(FixedCandidateSource(tier1: tier1)).run(F.exampleInput(), hints: [])
        #expect(result.map(\.title) == (2...21).map { "Found \($0)" })
    }

    @Test func budgetFilterKeepsBoundsAndNullPrices() async {
        let prices: [Int64?] = [1999, 2000, 5000, 5001, nil]
        let tier1 = prices.enumerated().map { F.candidate("P\($0.offset)", price: $0.element) }
        let result = await aggregation(FixedCandidateSource(tier1: tier1), catalog: F.emptyCatalog).run(F.exampleInput(), hints: [])
        #expect(result.map(\.priceCents) == [2000, 5000, nil])
    }

    @Test func searchURLQueryIsPercentEncoded() {
        #expect(CandidateAggregation.searchURL(source: "amazon", merchant: "Bob's", title: "Tea & Café") == "https://www.amazon.com/s?k=Bob%27s%20Tea%20%26%20Caf%C3%A9")
        #expect(CandidateAggregation.searchURL(source: "resy", merchant: "R", title: "x") == "https://www.google.com/search?q=R%20x")
    }

    @Test func hintQueryNamesMilestoneOccasionAndFirstThreeInterests() {
        var input = F.exampleInput(occasion: "major_milestone")
        #expect(HintQuery.text(for: input) == "major milestone. Interests: Travel, Cooking, Board Games")
        input.milestone = .init(
            id: "m", milestoneType: "birthday", milestoneName: "Alex's Birthday", milestoneDate: "2000-03-20", recurrence: "yearly",
            budgetTier: "major_milestone", daysUntil: 10)
        #expect(HintQuery.text(for: input) == "Alex's Birthday (birthday). major milestone. Interests: Travel, Cooking, Board Games")
    }
}
