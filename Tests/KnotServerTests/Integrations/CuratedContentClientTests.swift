import HearthCore
import Testing

@testable import KnotServer

/// Firecrawl city guides against a loopback fake (spec §10.1, §10.2).
@Suite struct CuratedContentClientTests {
    static let path = "v1/scrape"

    static let guide = """
        # Date ideas in Chicago

        ![hero](https://img.example/hero.jpg)

        ## 1. Alinea
        A **legendary** tasting menu restaurant. Book months ahead. It is worth it.

        ## Art Institute
        World-class museum with a famous [collection](https://example.com/c). Open daily.

        **The Violet Hour** — A dimly lit cocktail bar. Ring the bell. Dress up.
        **Ox** — Two letters are dropped.

        1. [Second City](https://secondcity.com) — Improv comedy show and tour of the theater. Laughs guaranteed.
        2. [Alinea](https://alinea.com) — The same venue again.
        """

    static func client(_ base: String, key: String? = "fc-key", clock: any WallClock = ManualWallClock()) -> CuratedContentClient {
        CuratedContentClient(http: Tier2Fake.http(), apiKey: key, baseURL: base, clock: clock)
    }

    static func request(city: String? = "Chicago") -> CandidateRequest {
        Tier2Fixtures.request(Tier2Fixtures.input(city: city, state: "IL"))
    }

    static let success: JSONValue = ["success": true, "data": ["markdown": .string(guide)]]

    @Test func scrapesTheCityGuideAsMarkdownWithTheBearerKey() async throws {
        try await Tier2Fake.run(.post, path: Self.path, answer: { _ in (.ok, Self.success) }) { base, recorder in
            let found = try await Self.client(base).candidates(for: Self.request())
            #expect(!found.isEmpty)
            let seen = try #require(recorder.all.first)
            #expect(seen.path == "/v1/scrape")
            #expect(seen.headers["authorization"] == "Bearer fc-key")
            #expect(seen.body["url"]?.stringValue == FirecrawlGuides.guide(for: "Chicago")?.url)
            #expect(seen.body["formats"] == ["markdown"])
        }
    }

    @Test func venuesComeFromHeadersBoldNamesAndNumberedLinksDedupedWithShortNamesDropped() async throws {
        try await Tier2Fake.run(.post, path: Self.path, answer: { _ in (.ok, Self.success) }) { base, _ in
            let found = try await Self.client(base).candidates(for: Self.request())
            #expect(found.map(\.title) == ["Alinea", "Art Institute", "The Violet Hour", "Second City"])
            #expect(found.allSatisfy { $0.source == "firecrawl" && $0.priceCents == nil && $0.location?.city == "Chicago" })
            let second = try #require(found.first { $0.title == "Second City" })
            #expect(second.externalURL == "https://secondcity.com")
            let alinea = try #require(found.first)
            #expect(alinea.externalURL == FirecrawlGuides.guide(for: "Chicago")?.url)
        }
    }

    @Test func namesShorterThanThreeCharactersAreDropped() {
        let venues = FirecrawlVenueParser.venues(in: "**Ox** — two letters.\n**Zoo** — three letters.\n## AB\nText.")
        #expect(venues.map(\.name) == ["Zoo"])
    }

    @Test func descriptionIsTheFirstTwoSentencesWithoutMarkdownAtMost300Characters() throws {
        let venues = FirecrawlVenueParser.venues(in: Self.guide)
        #expect(venues.first?.description == "A legendary tasting menu restaurant. Book months ahead.")
        #expect(venues.first { $0.name == "Art Institute" }?.description == "World-class museum with a famous collection. Open daily.")
        let long = String(repeating: "word ", count: 100) + "end. Second."
        let cut = try #require(FirecrawlVenueParser.firstSentences(long))
        #expect(cut.count <= 300 && cut.count >= 295 && !cut.contains("end."))
        #expect(FirecrawlVenueParser.firstSentences("**Only** one") == "Only one")
    }

    @Test func dateWhenDateKeywordsOutnumberExperienceKeywords() {
        #expect(CuratedContentClient.type(name: "Alinea", description: "A tasting menu restaurant.") == .date)
        #expect(CuratedContentClient.type(name: "Art Institute", description: "A museum tour.") == .experience)
        #expect(CuratedContentClient.type(name: "Rooftop", description: "A museum.") == .experience)
        #expect(CuratedContentClient.type(name: "Plain", description: nil) == .experience)
        let venues = FirecrawlVenueParser.venues(in: Self.guide)
        #expect(venues.map { CuratedContentClient.type(name: $0.name, description: $0.description) } == [
            .date, .experience, .date, .experience,
        ])
    }

    @Test func guidesExistForSevenCitiesMatchedCaseInsensitivelyAndPartially() {
        #expect(FirecrawlGuides.all.count == 7)
        #expect(FirecrawlGuides.guide(for: "new york city")?.city == "New York")
        #expect(FirecrawlGuides.guide(for: "Brooklyn")?.city == "New York")
        #expect(FirecrawlGuides.guide(for: "LA")?.city == "Los Angeles")
        #expect(FirecrawlGuides.guide(for: "PARIS")?.city == "Paris")
        #expect(FirecrawlGuides.guide(for: "Greater London")?.city == "London")
        #expect(FirecrawlGuides.guide(for: "Atlanta") == nil)
        #expect(FirecrawlGuides.guide(for: nil) == nil)
    }

    @Test func aScrapeIsCachedPerURLForTwentyFourHours() async throws {
        let clock = ManualWallClock()
        try await Tier2Fake.run(.post, path: Self.path, answer: { _ in (.ok, Self.success) }) { base, recorder in
            let client = Self.client(base, clock: clock)
            _ = try await client.candidates(for: Self.request())
            clock.advance(seconds: 86_399)
            let cached = try await client.candidates(for: Self.request())
            #expect(recorder.all.count == 1)
            #expect(!cached.isEmpty)
            _ = try await client.candidates(for: Self.request(city: "Miami"))
            #expect(recorder.all.count == 2)
            clock.advance(seconds: 1)
            _ = try await client.candidates(for: Self.request())
            #expect(recorder.all.count == 3)
        }
    }

    @Test func failedScrapesAreNotCachedAndAreNoCandidates() async throws {
        try await Tier2Fake.run(.post, path: Self.path, answer: { index in
            index == 0 ? (.internalServerError, [:]) : (.ok, ["success": false, "error": "blocked"])
        }) { base, recorder in
            let client = Self.client(base)
            let answer1 = try await client.candidates(for: Self.request())
            #expect(answer1.isEmpty)
            let answer2 = try await client.candidates(for: Self.request())
            #expect(answer2.isEmpty)
            #expect(recorder.all.count == 2)
        }
    }

    @Test func unconfiguredOrCityWithoutGuideIsNoCandidatesWithoutARequest() async throws {
        try await Tier2Fake.run(.post, path: Self.path, answer: { _ in (.ok, Self.success) }) { base, recorder in
            let answer3 = try await Self.client(base, key: nil).candidates(for: Self.request())
            #expect(answer3.isEmpty)
            let answer4 = try await Self.client(base).candidates(for: Self.request(city: "Boise"))
            #expect(answer4.isEmpty)
            #expect(recorder.all.isEmpty)
        }
    }
}
