import HearthCore
import Testing

@testable import KnotServer

@Suite struct InterestFilteringTests {
    typealias F = RecommendationFixtures

    @Test func metadataAndDescriptionMatchOfOneInterestCountsOnceWithTheBonus() {
        let candidate = F.candidate("Pasta Maker", description: "for the cooking enthusiast", metadata: ["matched_interest": "Cooking"])
        #expect(InterestFiltering.score(candidate, interests: ["Cooking", "Travel"], dislikes: [], weights: nil) == 1.5)
    }

    @Test func titleMatchesOfTwoInterestsAddUpWithoutBonus() {
        let candidate = F.candidate("Travel Board Games Bundle")
        #expect(InterestFiltering.score(candidate, interests: ["Travel", "Board Games", "Cooking"], dislikes: [], weights: nil) == 2.0)
    }

    @Test func aDislikeMatchRemovesTheCandidateEvenWhenAnInterestMatches() {
        let input = F.input(interests: ["Travel"], dislikes: ["Sports"])
        let kept = InterestFiltering.run([F.candidate("Sports Travel Bag"), F.candidate("Travel Pillow")], input: input)
        #expect(kept.map(\.title) == ["Travel Pillow"])
    }

    @Test func dislikeViaMetadataAlsoRemoves() {
        let candidate = F.candidate("Ball", metadata: ["matched_interest": "Sports"])
        #expect(InterestFiltering.score(candidate, interests: [], dislikes: ["Sports"], weights: nil) == nil)
    }

    @Test func matchedVibeIsIgnoredForInterests() {
        let candidate = F.candidate("Evening", metadata: ["matched_vibe": "Travel"])
        #expect(InterestFiltering.score(candidate, interests: ["Travel"], dislikes: [], weights: nil) == 0)
    }

    @Test func learnedInterestWeightMultipliesTheBonusToo() {
        let candidate = F.candidate("Chef's Knife Set", metadata: ["matched_interest": "Cooking"])
        let weights = LearnedWeights(interests: ["Cooking": 4.0 / 3.0])
        let score = InterestFiltering.score(candidate, interests: ["Cooking"], dislikes: [], weights: weights)
        #expect(approximatelyEqual(score ?? -1, 2.0))
    }

    @Test func twelveSurvivorsAreCutToNineByScoreThenCodePointTitle() {
        let matched = ["Hat", "Bag", "Map", "Cup", "Pen", "Kit", "Fan"].map { F.candidate($0, metadata: ["matched_interest": "Travel"]) }
        let textMatch = F.candidate("Travel Mug")
        let neutral = [
            F.candidate("apple Orchard Tour", type: .experience), F.candidate("Banana Bread"), F.candidate("Mango"),
            F.candidate("Zen Walk", type: .experience),
        ]
        let kept = InterestFiltering.run(neutral + [textMatch] + matched, input: F.input(interests: ["Travel"], dislikes: ["Golf"]))
        #expect(kept.map(\.title) == ["Bag", "Cup", "Fan", "Hat", "Kit", "Map", "Pen", "Travel Mug", "Banana Bread"])
        #expect(kept.map(\.interestScore) == [1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.0, 0.0])
    }

    @Test func anUnmatchedExperienceSurvivesWithZero() {
        let kept = InterestFiltering.run([F.candidate("Sunset Walk", type: .experience)], input: F.input(interests: ["Travel"], dislikes: ["Sports"]))
        #expect(kept.count == 1)
        #expect(kept.first?.interestScore == 0.0)
    }

    @Test func runDoesNotMutateItsInput() {
        let original = [F.candidate("Travel Mug")]
        _ = InterestFiltering.run(original, input: F.input(interests: ["Travel"]))
        #expect(original[0].interestScore == 0)
    }
}

@Suite struct BoostScoringTests {
    typealias F = RecommendationFixtures

    func scored(_ candidate: Candidate, _ input: PipelineInput) -> Candidate {
        BoostScoring.run([candidate], input: input)[0]
    }

    @Test func giftMatchingAnInterestViaMetadataWithPrimaryReceivingGiftsScores2point1() throws {
        let interest = InterestFiltering.run(
            [F.candidate("Pour-Over Set", metadata: ["matched_interest": "Coffee"])],
            input: F.input(interests: ["Coffee"]))
        // max(1.5, 1) × (1 + 0) × (1 + 0.40) × 1 = 2.1
        let result = scored(interest[0], F.input(interests: ["Coffee"], primary: "receiving_gifts", secondary: "acts_of_service"))
        #expect(result.vibeScore == 0)
        #expect(approximatelyEqual(result.loveLanguageScore, 0.40))
        #expect(approximatelyEqual(result.finalScore, 2.1))
    }

    @Test func twoMatchingVibesStackAndGiftGetsPrimaryReceivingGifts() {
        let candidate = F.candidate("Romantic Silk Robe", interest: 2.5)
        let result = scored(candidate, F.input(vibes: ["romantic", "quiet_luxury"], primary: "receiving_gifts", secondary: "quality_time"))
        #expect(approximatelyEqual(result.vibeScore, 0.60))
        #expect(approximatelyEqual(result.loveLanguageScore, 0.40))
        #expect(approximatelyEqual(result.finalScore, 5.6))
    }

    @Test func couplesMassageExperienceMatchesQualityTimeAndPhysicalTouch() {
        let candidate = F.candidate("Couples Massage", type: .experience, metadata: ["matched_vibe": "romantic"])
        let result = scored(candidate, F.input(vibes: ["romantic"], primary: "quality_time", secondary: "physical_touch"))
        #expect(approximatelyEqual(result.vibeScore, 0.30))
        #expect(approximatelyEqual(result.loveLanguageScore, 0.50))
        #expect(approximatelyEqual(result.finalScore, 1.95))
    }

    @Test func learnedVibeLoveLanguageAndTypeWeightsScaleBoostsAndFinalScore() {
        let candidate = F.candidate("Evening Picnic", type: .experience, metadata: ["matched_vibe": "romantic"])
        let weights = LearnedWeights(vibes: ["romantic": 1.5], loveLanguages: ["quality_time": 0.5], types: ["experience": 1.2])
        let result = scored(
            candidate, F.input(vibes: ["romantic"], primary: "quality_time", secondary: "physical_touch", weights: weights))
        #expect(approximatelyEqual(result.vibeScore, 0.45))
        #expect(approximatelyEqual(result.loveLanguageScore, 0.20))
        #expect(approximatelyEqual(result.finalScore, 2.088))
    }

    @Test func weightedInterestScoreOfTwoWithoutBoostsIsTheFinalScore() {
        let candidate = F.candidate("Chef's Knife Set", interest: 2.0)
        let result = scored(candidate, F.input(primary: "acts_of_service", secondary: "words_of_affirmation"))
        #expect(result.loveLanguageScore == 0)
        #expect(approximatelyEqual(result.finalScore, 2.0))
    }

    @Test func actsOfServiceMatchesHomeInsideHomemade() {
        let result = scored(F.candidate("Homemade Pasta Class", type: .experience), F.input(primary: "acts_of_service", secondary: "physical_touch"))
        #expect(approximatelyEqual(result.loveLanguageScore, 0.20))
    }

    @Test func threeMatchingVibesGiveNinetyPercent() {
        let candidate = F.candidate("Vintage Silk Scarf Sunset Print", interest: 1.0)
        let result = scored(candidate, F.input(vibes: ["vintage", "quiet_luxury", "romantic"], primary: "quality_time", secondary: "physical_touch"))
        #expect(approximatelyEqual(result.vibeScore, 0.90))
        #expect(result.loveLanguageScore == 0)
        #expect(approximatelyEqual(result.finalScore, 1.9))
    }

    @Test func vibesNotInTheVaultDoNotCount() {
        let result = scored(F.candidate("Romantic Dinner", type: .date), F.input(vibes: ["minimalist"]))
        #expect(result.vibeScore == 0)
    }

    @Test func poolIsSortedByFinalScoreThenTitle() {
        let pool = BoostScoring.run(
            [F.candidate("Beta"), F.candidate("Alpha"), F.candidate("Top", interest: 3)], input: F.input())
        #expect(pool.map(\.title) == ["Top", "Alpha", "Beta"])
    }
}
