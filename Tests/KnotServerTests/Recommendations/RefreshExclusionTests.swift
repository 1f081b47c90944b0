import HearthCore
import Testing

@testable import KnotServer

@Suite struct RefreshExclusionTests {
    typealias F = RecommendationFixtures
    let budget = BudgetRange(minAmount: 2000, maxAmount: 5000)

    func rejected(
        _ title: String, type: RecommendationType = .gift, merchant: String? = nil, price: Int64? = nil, metadata: JSONValue = .object([:])
    ) -> RejectedRecommendation {
        RejectedRecommendation(title: title, description: nil, type: type, merchantName: merchant, priceCents: price, metadata: metadata)
    }

    @Test func everyReasonDropsCandidatesWithARejectedTitle() {
        let pool = [F.candidate(" old PICK "), F.candidate("Fresh")]
        for reason in RejectionReason.allCases {
            let exclusion = RefreshExclusion(reason: reason, rejected: [rejected("Old pick")])
            #expect(exclusion.baseline(pool).map(\.title) == ["Fresh"], "\(reason)")
        }
        let different = RefreshExclusion(reason: .showDifferent, rejected: [rejected("Old pick")])
        #expect(different.apply(to: pool, budget: budget).map(\.title) == ["Fresh"])
    }

    @Test func tooExpensiveDropsTheHighestRejectedTierAndAbove() {
        let exclusion = RefreshExclusion(reason: .tooExpensive, rejected: [rejected("R1", price: 4500), rejected("R2", price: 2500)])
        let pool = [F.candidate("Low", price: 2100), F.candidate("Mid", price: 3500), F.candidate("High", price: 4100), F.candidate("R2", price: 2200)]
        #expect(exclusion.apply(to: pool, budget: budget).map(\.title) == ["Low", "Mid"])
    }

    @Test func tooCheapDropsTheLowestRejectedTierAndBelow() {
        let exclusion = RefreshExclusion(reason: .tooCheap, rejected: [rejected("R1", price: 4500), rejected("R2", price: 2500)])
        let pool = [F.candidate("Low", price: 2100), F.candidate("Mid", price: 3500), F.candidate("High", price: 4100), F.candidate("Unpriced", price: nil)]
        #expect(exclusion.apply(to: pool, budget: budget).map(\.title) == ["Mid", "High", "Unpriced"])
    }

    @Test func notTheirStyleDropsCandidatesOfStoredOrKeywordMatchedRejectedVibes() {
        let exclusion = RefreshExclusion(
            reason: .notTheirStyle,
            rejected: [rejected("Dinner", metadata: ["matched_vibe": "romantic"]), rejected("Retro Record Player")])
        #expect(exclusion.rejectedVibes == ["romantic", "vintage"])
        let pool = [
            F.candidate("Candles", metadata: ["matched_vibe": "romantic"]), F.candidate("Antiques", metadata: ["matched_vibe": "vintage"]),
            F.candidate("Tea", metadata: ["matched_vibe": "minimalist"]), F.candidate("Romantic Gift"),
        ]
        #expect(exclusion.apply(to: pool, budget: budget).map(\.title) == ["Tea", "Romantic Gift"])
    }

    @Test func alreadyHaveSimilarDropsSameMerchantAndTypeOnly() {
        let exclusion = RefreshExclusion(
            reason: .alreadyHaveSimilar, rejected: [rejected("Mug", type: .gift, merchant: "Etsy"), rejected("Walk", type: .experience)])
        let pool = [
            F.candidate("Scarf", type: .gift, merchant: "etsy"), F.candidate("Workshop", type: .experience, merchant: "Etsy"),
            F.candidate("Nameless", type: .experience, merchant: nil),
        ]
        #expect(exclusion.apply(to: pool, budget: budget).map(\.title) == ["Workshop", "Nameless"])
    }

    @Test func whenTheReasonRemovesEverythingTheBaselinePoolIsUsed() {
        let exclusion = RefreshExclusion(reason: .tooExpensive, rejected: [rejected("Old", price: 2100)])
        let pool = [F.candidate("Old", price: 2100), F.candidate("A", price: 2500), F.candidate("B", price: 4900)]
        #expect(exclusion.apply(to: pool, budget: budget).map(\.title) == ["A", "B"])
    }
}

@Suite struct RecommendationResultTests {
    typealias F = RecommendationFixtures

    @Test func imageFallsBackToInterestThenVibeImage() {
        let catalog = F.uniformCatalog
        var candidate = F.candidate("X", metadata: ["matched_interest": "Travel", "matched_vibe": "romantic"])
        #expect(RecommendationResult.imageURL(of: candidate, catalog: catalog) == "https://img/Travel")
        candidate.metadata = ["matched_vibe": "romantic"]
        #expect(RecommendationResult.imageURL(of: candidate, catalog: catalog) == "https://img/romantic")
        candidate.metadata = [:]
        #expect(RecommendationResult.imageURL(of: candidate, catalog: catalog) == nil)
        candidate.imageURL = "https://own"
        #expect(RecommendationResult.imageURL(of: candidate, catalog: catalog) == "https://own")
    }

    @Test func itemHasEveryFieldWithNullsAndLocation() {
        var candidate = F.candidate("Walk", id: "c-1", type: .experience, price: nil, merchant: nil, url: "https://walk")
        candidate.location = CandidateLocation(city: "Austin", state: nil, country: "US", address: nil)
        candidate.finalScore = 1.3
        let item = RecommendationResult.item(candidate, catalog: F.emptyCatalog)
        #expect(
            item == [
                "id": "c-1", "recommendation_type": "experience", "title": "Walk", "description": nil, "price_cents": nil,
                "currency": "USD", "external_url": "https://walk", "image_url": nil, "merchant_name": nil, "source": "amazon",
                "location": ["city": "Austin", "state": nil, "country": "US", "address": nil], "interest_score": 0.0,
                "vibe_score": 0.0, "love_language_score": 0.0, "final_score": 1.3,
            ])
        #expect(RecommendationResult.item(candidate, id: "row-9", catalog: F.emptyCatalog)["id"] == "row-9")
    }
}
