import Testing

@testable import KnotServer

@Suite struct DiversitySelectionTests {
    typealias F = RecommendationFixtures
    let budget = BudgetRange(minAmount: 2000, maxAmount: 5000)

    @Test func priceTiersSplitTheBudgetIntoThirds() {
        let prices: [Int64?] = [1000, 2999, 3000, 3999, 4000, 6000, nil]
        #expect(prices.map { PriceTier(price: $0, budget: budget) } == [.low, .low, .mid, .mid, .high, .high, .mid])
        #expect(PriceTier(price: 5000, budget: BudgetRange(minAmount: 5000, maxAmount: 5000)) == .mid)
        #expect(PriceTier(price: 100, budget: BudgetRange(minAmount: 5000, maxAmount: 4000)) == .mid)
    }

    @Test func greedySelectionSkipsTheSameTierTypeAndMerchantAsTheTopPick() {
        let pool = [
            F.candidate("A", type: .gift, price: 4500, merchant: "Etsy", final: 3.0),
            F.candidate("B", type: .gift, price: 4800, merchant: "etsy", final: 2.9),
            F.candidate("C", type: .experience, price: 3000, merchant: "Zen Spa", final: 2.0),
            F.candidate("D", type: .date, price: 2200, merchant: "OpenTable", final: 1.5),
        ]
        #expect(DiversitySelection.diversity(pool[1], selected: [pool[0]], budget: budget) == 0)
        #expect(DiversitySelection.select(from: pool, budget: budget).map(\.title) == ["A", "C", "D"])
    }

    @Test func equalDiversityAndScoreIsBrokenBySmallerTitle() {
        let pool = [
            F.candidate("Top", type: .gift, price: 4500, merchant: "X", final: 3.0),
            F.candidate("Beta", type: .date, price: 2500, merchant: "Y", final: 1.0),
            F.candidate("Alpha", type: .experience, price: 2500, merchant: "Z", final: 1.0),
        ]
        #expect(DiversitySelection.select(from: pool, budget: budget).map(\.title)[1] == "Alpha")
    }

    @Test func higherFinalScoreWinsBetweenEquallyDiverseCandidates() {
        let pool = [
            F.candidate("Top", price: 4500, merchant: "X", final: 3.0),
            F.candidate("Alpha", type: .date, price: 2500, merchant: "Y", final: 1.0),
            F.candidate("Zulu", type: .experience, price: 2500, merchant: "Z", final: 1.1),
        ]
        #expect(DiversitySelection.select(from: pool, budget: budget).map(\.title) == ["Top", "Zulu", "Alpha"])
    }

    @Test func nullMerchantsEqualEachOtherButNoName() {
        #expect(DiversitySelection.sameMerchant(nil, nil))
        #expect(!DiversitySelection.sameMerchant(nil, "Etsy"))
        #expect(DiversitySelection.sameMerchant(" ETSY", "etsy"))
    }

    @Test func smallPoolsYieldWhatTheyHave() {
        let pool = [F.candidate("A", final: 2), F.candidate("B", final: 1)]
        #expect(DiversitySelection.select(from: pool, budget: budget).map(\.title) == ["A", "B"])
        #expect(DiversitySelection.select(from: [], budget: budget).isEmpty)
    }
}

@Suite struct URLVerificationTests {
    typealias F = RecommendationFixtures
    let pool = ["A", "B", "C", "D", "E", "F", "G"].map { RecommendationFixtures.candidate($0, url: "https://x/\($0)") }

    @Test func aBrokenSelectionIsReplacedInPlaceByTheBestUnusedPoolCandidate() async {
        let selected = [pool[0], pool[2], pool[3]]
        let verifier = RejectingVerifier(rejecting: ["https://x/C"])
        let result = await URLVerification.run(selected: selected, pool: pool, verifier: verifier)
        #expect(result.map(\.title) == ["A", "B", "D"])
        #expect(verifier.checked == ["https://x/A", "https://x/C", "https://x/B", "https://x/D"])
    }

    @Test func aSlotIsDroppedAfterThreeFailedReplacements() async {
        let selected = [pool[0], pool[1], pool[2]]
        let verifier = RejectingVerifier(rejecting: ["https://x/B", "https://x/D", "https://x/E", "https://x/F"])
        let result = await URLVerification.run(selected: selected, pool: pool, verifier: verifier)
        #expect(result.map(\.title) == ["A", "C"])
        #expect(!verifier.checked.contains("https://x/G"))
    }

    @Test func replacementsAreNeverReusedAcrossSlots() async {
        let selected = [pool[0], pool[1], pool[2]]
        let verifier = RejectingVerifier(rejecting: ["https://x/A", "https://x/B"])
        let result = await URLVerification.run(selected: selected, pool: pool, verifier: verifier)
        #expect(result.map(\.title) == ["D", "E", "C"])
    }

    @Test func alwaysAvailableKeepsTheSelection() async {
        let result = await URLVerification.run(selected: [pool[0]], pool: pool, verifier: AlwaysAvailableVerifier())
        #expect(result.map(\.title) == ["A"])
    }
}
