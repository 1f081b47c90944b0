import HearthCore
import Testing

@testable import KnotServer

/// Feedback learning's arithmetic (spec §7, §13 #42–44).
@Suite struct FeedbackLearningTests {
    @Test func oneFullyPositiveScoreIsDampedToOneAndAThird() {
        #expect(abs(FeedbackLearning.weight([1.0]) - 4.0 / 3.0) < 1e-9)
    }

    @Test func threeScoresAveragingAHalfGiveOnePointTwoThreeTwoOne() {
        // damping = √3 / (√3 + 2) = 0.4641
        #expect(abs(FeedbackLearning.weight([1.0, 0.5, 0.0]) - 1.2321) < 1e-4)
    }

    @Test func weightsAreClampedToHalfAndDoubleAndManyScoresDampLess() {
        #expect(FeedbackLearning.weight(Array(repeating: -1.0, count: 25)) == 0.5)
        #expect(abs(FeedbackLearning.weight(Array(repeating: 0.8, count: 25)) - 1.5714) < 1e-4)
    }

    @Test func aRatingOutweighsTheActionAndRatedWithoutOneIsIgnored() {
        #expect(FeedbackLearning.score(action: "purchased", rating: 1) == -1.0)
        #expect(FeedbackLearning.score(action: "rated", rating: 4) == 0.5)
        #expect(FeedbackLearning.score(action: "rated", rating: nil) == nil)
        #expect(FeedbackLearning.score(action: "refreshed", rating: nil) == -0.5)
        #expect(FeedbackLearning.score(action: "handoff", rating: nil) == 0.25)
    }

    static func item(_ title: String, type: RecommendationType, metadata: JSONValue = .object([:])) -> Candidate {
        Candidate(
            id: "", source: "amazon", type: type, title: title, description: nil, priceCents: nil, externalURL: "https://example.com",
            imageURL: nil, merchantName: nil, location: nil, metadata: metadata)
    }

    @Test func fewerThanThreeRowsWriteNoWeights() {
        let rows = [
            FeedbackLearning.Observation(recommendation: Self.item("Cooking class", type: .experience), action: "purchased", rating: nil),
            FeedbackLearning.Observation(recommendation: Self.item("Knife", type: .gift), action: "saved", rating: nil),
        ]
        #expect(FeedbackLearning.weights(from: rows, interests: ["Cooking"]) == nil)
    }

    @Test func eachRowCountsForTheInterestsVibesLoveLanguagesAndTypeItMatches() throws {
        let rows = [
            FeedbackLearning.Observation(
                recommendation: Self.item("Romantic cooking class", type: .experience), action: "purchased", rating: nil),
            FeedbackLearning.Observation(
                recommendation: Self.item("Chef knife", type: .gift, metadata: ["matched_interest": "Cooking"]), action: "refreshed",
                rating: nil),
            FeedbackLearning.Observation(recommendation: Self.item("Board game night", type: .gift), action: "rated", rating: nil),
        ]
        let weights = try #require(FeedbackLearning.weights(from: rows, interests: ["Cooking", "Travel"]))
        // Cooking: +1.0 and −0.5 → mean 0.25, n = 2.
        let damping2 = 2.0.squareRoot() / (2.0.squareRoot() + 2)
        #expect(abs((weights.interests["Cooking"] ?? 0) - (1 + 0.25 * damping2)) < 1e-9)
        #expect(weights.interests["Travel"] == nil)
        #expect(abs((weights.vibes["romantic"] ?? 0) - 4.0 / 3.0) < 1e-9)
        #expect(abs((weights.loveLanguages["quality_time"] ?? 0) - 4.0 / 3.0) < 1e-9)
        #expect(abs((weights.loveLanguages["receiving_gifts"] ?? 0) - (1 - 0.5 / 3.0)) < 1e-9)
        #expect(abs((weights.types["experience"] ?? 0) - 4.0 / 3.0) < 1e-9)
        #expect(abs((weights.types["gift"] ?? 0) - (1 - 0.5 / 3.0)) < 1e-9)
    }
}
