import HearthCore
import Hummingbird
import Testing

@testable import KnotServer

/// The unified single-call engine (spec §6.11) against fake Anthropic and Brave endpoints.
@Suite struct UnifiedRecommendationEngineTests {
    static let messagesPath = WebSearchCandidateSourceTests.messagesPath
    static let searchPath = WebSearchCandidateSourceTests.searchPath

    static let threeIdeas: JSONValue = [
        [
            "title": "Travel Journal", "description": "Leather journal for trips", "recommendation_type": "gift", "price_cents": 4500,
            "personalization_note": "They keep talking about Lisbon", "search_query": "leather travel journal",
        ],
        [
            "title": "Sunset Picnic", "description": "A romantic picnic at the lake", "recommendation_type": "date", "price_cents": 3000,
            "personalization_note": "Quality time", "content_sections": [["heading": "Pack", "body": "Cheese, wine"]],
        ],
        [
            "title": "Pasta Class", "description": "Cooking class for two", "recommendation_type": "experience", "price_cents": 4800,
            "personalization_note": "Loves cooking", "search_query": "pasta making class austin",
        ],
    ]

    static func engine(base: String, brave: Bool = true, verifier: any URLVerifier = AlwaysAvailableVerifier()) -> UnifiedRecommendationEngine {
        var settings = WebSearchCandidateSourceTests.settings(base: base, brave: brave ? "brave-key" : nil)
        settings.recommender = "unified"
        return UnifiedRecommendationEngine(
            hints: NoHintRetriever(), http: FakeService.http(), settings: settings, verifier: verifier, catalog: .bundled,
            makeID: CandidateIDs.sequential(prefix: "u"))
    }

    static func routes(_ answers: @escaping @Sendable (Int) -> JSONValue) -> [FakeServiceRoute] {
        WebSearchCandidateSourceTests.routes(messages: { _, index in
            (.ok, WebSearchCandidateSourceTests.messagesAnswer(answers(index).serializedString()))
        })
    }

    @Test func threeIdeasBecomeThreeLinkedRecommendationsWithTheirExtras() async throws {
        try await FakeService.run(Self.routes { _ in Self.threeIdeas }) { base, log in
            let output = await Self.engine(base: base).run(ProductFixtures.input())
            #expect(output.error == nil)
            #expect(output.final.map(\.title) == ["Travel Journal", "Sunset Picnic", "Pasta Class"])
            #expect(output.final.allSatisfy { $0.source == "claude_search" })
            // Products link to their first search result; the idea to a search for its title.
            #expect(output.final[0].externalURL == "https://site.example/leather-travel/1")
            #expect(output.final[1].externalURL == "https://www.google.com/search?q=Sunset%20Picnic")
            #expect(output.final[0].metadata["personalization_note"] == "They keep talking about Lisbon")
            #expect(output.final[1].metadata["content_sections"]?[0]?["heading"] == "Pack")
            #expect(output.final[2].location?.city == "Austin")
            // Scores are informative: Travel matches an interest, the picnic the romantic vibe.
            #expect(output.final[0].interestScore == 1.0)
            #expect(output.final[1].vibeScore > 0)
            #expect(log.on(Self.messagesPath).count == 1)
            #expect(log.on(Self.searchPath).map { $0.query["q"] } == ["leather travel journal", "pasta making class austin"])
            #expect(log.on(Self.messagesPath).first?.json["model"] == "claude-test")
        }
    }

    @Test func aMalformedAnswerIsAskedAgainAtMostTwice() async throws {
        try await FakeService.run(Self.routes { index in index < 2 ? ["not", "three"] : Self.threeIdeas }) { base, log in
            let output = await Self.engine(base: base).run(ProductFixtures.input())
            #expect(output.final.count == 3)
            #expect(log.on(Self.messagesPath).count == 3)
        }
        try await FakeService.run(Self.routes { _ in [["title": "Only one", "search_query": "x"]] }) { base, log in
            let output = await Self.engine(base: base).run(ProductFixtures.input())
            #expect(output.final.isEmpty)
            #expect(output.error == UnifiedRecommendationEngine.noIdeasError)
            #expect(log.on(Self.messagesPath).count == 3)
        }
    }

    @Test func aProductWithoutAWorkingResultIsDroppedAndNoSearchMeansASearchPage() async throws {
        try await FakeService.run(Self.routes { _ in Self.threeIdeas }) { base, _ in
            let refusing = RecordingVerifier(unavailable: ["https://site.example/leather-travel/1", "https://site.example/leather-travel/2",
                "https://site.example/leather-travel/3"])
            let output = await Self.engine(base: base, verifier: refusing).run(ProductFixtures.input())
            #expect(output.final.map(\.title) == ["Sunset Picnic", "Pasta Class"])

            let noBrave = await Self.engine(base: base, brave: false).run(ProductFixtures.input())
            #expect(noBrave.final.first?.externalURL == "https://www.google.com/search?q=leather%20travel%20journal")
        }
    }

    @Test func aRefreshNeverBringsBackARejectedTitle() async throws {
        try await FakeService.run(Self.routes { _ in Self.threeIdeas }) { base, _ in
            var input = ProductFixtures.input()
            input.exclusion = RefreshExclusion(
                reason: .showDifferent,
                rejected: [RejectedRecommendation(title: "Pasta Class", description: nil, type: .experience, merchantName: nil, priceCents: 4800)])
            let output = await Self.engine(base: base).run(input)
            #expect(output.final.map(\.title) == ["Travel Journal", "Sunset Picnic"])
        }
    }
}

/// Refuses the listed URLs, accepts the rest.
struct RecordingVerifier: URLVerifier {
    let unavailable: Set<String>
    func isAvailable(_ url: String) async -> Bool { !unavailable.contains(url) }
}
