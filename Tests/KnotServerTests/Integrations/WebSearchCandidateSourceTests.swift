import HearthCore
import Hummingbird
import Testing

@testable import KnotServer

/// Tier 1 against fake Brave and Anthropic endpoints on loopback.
@Suite struct WebSearchCandidateSourceTests {
    static let searchPath = "/res/v1/web/search"
    static let messagesPath = "/v1/messages"

    static func settings(base: String, brave: String? = "brave-key", anthropic: String? = "anthropic-key") -> IntegrationSettings {
        var settings = IntegrationSettings()
        settings.braveSearchAPIKey = brave
        settings.braveBaseURL = base
        settings.anthropicAPIKey = anthropic
        settings.anthropicBaseURL = base + "/"
        settings.llmModel = "claude-test"
        return settings
    }

    static func source(base: String, sleeps: RecordedSleeps = RecordedSleeps()) -> WebSearchCandidateSource {
        WebSearchCandidateSource(http: FakeService.http(sleeps: sleeps), settings: settings(base: base))
    }

    /// Brave results whose URLs are derived from the query, so each search differs.
    static func braveAnswer(for query: String, count: Int = 3) -> JSONValue {
        let slug = query.lowercased().split(separator: " ").prefix(2).joined(separator: "-")
        return ["web": ["results": .array((1...count).map { n in
            ["title": .string("\(query) result \(n)"), "url": .string("https://site.example/\(slug)/\(n)"), "description": "A page"]
        })]]
    }

    /// A Messages answer whose text is `text`.
    static func messagesAnswer(_ text: String) -> JSONValue {
        ["id": "msg_1", "type": "message", "role": "assistant", "content": [["type": "text", "text": .string(text)]]]
    }

    /// Ideas for every URL the prompt lists (`URL: …` lines), as a fenced JSON array.
    static func ideas(fromPrompt prompt: String, extra: Int = 0, tag: Int = 0) -> String {
        let urls = prompt.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("URL: ") ? String(trimmed.dropFirst(5)) : nil
        }
        let all = urls + (0..<extra).map { "https://extra.example/\(tag)/\($0)" }
        let objects: [JSONValue] = all.enumerated().map { index, url in
            [
                "title": .string("Idea \(url)"), "description": "Lovely", "price_cents": .int(Int64(3000 + index)), "url": .string(url),
                "type": index == 0 ? "experience" : "gift", "merchant_name": "Shop", "image_url": .null,
                "matched_interest": "Travel", "matched_vibe": "romantic",
            ]
        }
        return "Here you go:\n```json\n\(JSONValue.array(objects).serializedString())\n```"
    }

    static func routes(
        brave: @escaping FakeServiceAnswer = { request, _ in
            (.ok, braveAnswer(for: request.query["q"] ?? ""))
        },
        messages: @escaping FakeServiceAnswer = { request, _ in
            (.ok, messagesAnswer(ideas(fromPrompt: prompt(of: request))))
        }
    ) -> [FakeServiceRoute] {
        [
            FakeServiceRoute(method: .get, path: searchPath, answer: brave),
            FakeServiceRoute(method: .post, path: messagesPath, answer: messages),
        ]
    }

    static func prompt(of request: FakeServiceRequest) -> String {
        request.json["messages"]?[0]?["content"]?.stringValue ?? ""
    }

    @Test func searchesThenExtractsAndNormalises() async throws {
        try await FakeService.run(Self.routes()) { base, log in
            let request = ProductFixtures.request(hints: [ProductFixtures.hint("She keeps mentioning a pottery class")])
            let candidates = await Self.source(base: base).candidates(for: request)

            let searches = log.on(Self.searchPath)
            #expect((3...5).contains(searches.count))
            // Sent in parallel, so in any order.
            #expect(Set(searches.map { $0.query["q"] ?? "" }) == Set(SearchQueryBuilder.queries(for: request)))
            for search in searches {
                #expect(search.query["count"] == "10")
                #expect(search.headers["x-subscription-token"] == "brave-key")
                #expect(search.headers["authorization"] == "Bearer brave-key")
            }
            let extractions = log.on(Self.messagesPath)
            #expect(extractions.count == searches.count)
            for extraction in extractions {
                #expect(extraction.headers["x-api-key"] == "anthropic-key")
                #expect(extraction.headers["anthropic-version"] == "2023-06-01")
                #expect(extraction.json["model"] == "claude-test")
                #expect(extraction.json["max_tokens"] != nil)
                #expect(Self.prompt(of: extraction).contains("Travel, Cooking"))
                #expect(Self.prompt(of: extraction).contains("She keeps mentioning a pottery class"))
            }

            #expect(candidates.count == searches.count * 3)
            #expect(candidates.map(\.id) == (1...candidates.count).map { "c-\($0)" })
            #expect(Set(candidates.map(\.externalURL)).count == candidates.count)
            #expect(candidates.allSatisfy { $0.source == "claude_search" && $0.currency == "USD" })
            #expect(candidates.allSatisfy { $0.matchedInterest == "Travel" && $0.matchedVibe == "romantic" })
            let experience = try #require(candidates.first { $0.type == .experience })
            #expect(experience.location?.city == "Austin")
            #expect(candidates.first { $0.type == .gift }?.location == nil)
        }
    }

    @Test func duplicatesAreDroppedAndTheTotalIsCapped() async throws {
        // Every search returns the same three pages; every extraction adds ten of its own.
        let routes = Self.routes(
            brave: { _, _ in (.ok, Self.braveAnswer(for: "same query")) },
            messages: { request, n in (.ok, Self.messagesAnswer(Self.ideas(fromPrompt: Self.prompt(of: request), extra: 10, tag: n))) })
        try await FakeService.run(routes) { base, _ in
            let candidates = await Self.source(base: base).candidates(for: ProductFixtures.request())
            #expect(candidates.count == 20)
            #expect(Set(candidates.map { WebSearchCandidateSource.dedupKey($0.externalURL) }).count == 20)
            #expect(candidates.filter { $0.externalURL.hasPrefix("https://site.example/") }.count == 3)
        }
    }

    @Test func bothKeysAreRequired() async throws {
        try await FakeService.run(Self.routes()) { base, log in
            for (brave, anthropic) in [(nil, "a"), ("b", nil), ("", "a"), (nil, nil)] as [(String?, String?)] {
                let source = WebSearchCandidateSource(
                    http: FakeService.http(), settings: Self.settings(base: base, brave: brave, anthropic: anthropic))
                #expect(!source.isConfigured)
                #expect(await source.candidates(for: ProductFixtures.request()).isEmpty)
            }
            #expect(log.all.isEmpty)
        }
    }

    @Test(arguments: [
        "I could not find anything suitable.",
        "```json\n{\"title\": \"not an array\"}\n```",
        "[{\"title\": \"broken\", ",
        "[1, \"two\", null]",
    ])
    func malformedExtractionsGiveNothing(_ text: String) async throws {
        try await FakeService.run(Self.routes(messages: { _, _ in (.ok, Self.messagesAnswer(text)) })) { base, log in
            #expect(await Self.source(base: base).candidates(for: ProductFixtures.request()).isEmpty)
            #expect(!log.on(Self.messagesPath).isEmpty)
        }
    }

    @Test func aFailedSearchOnlyLosesItsShare() async throws {
        let routes = Self.routes(brave: { request, n in
            n == 0 ? (.internalServerError, [:]) : (.ok, Self.braveAnswer(for: request.query["q"] ?? ""))
        })
        try await FakeService.run(routes) { base, log in
            let candidates = await Self.source(base: base).candidates(for: ProductFixtures.request())
            let searches = log.on(Self.searchPath).count
            #expect(log.on(Self.messagesPath).count == searches - 1)
            #expect(candidates.count == (searches - 1) * 3)
        }
    }

    @Test func extractionErrorsAndRetries() async throws {
        try await FakeService.run(Self.routes(messages: { _, _ in (.internalServerError, [:]) })) { base, _ in
            #expect(await Self.source(base: base).candidates(for: ProductFixtures.request()).isEmpty)
        }
        let input = ProductFixtures.input(interests: ["Travel"], vibes: [])
        let routes = Self.routes(brave: { request, n in
            n == 0 ? (.tooManyRequests, [:]) : (.ok, Self.braveAnswer(for: request.query["q"] ?? ""))
        })
        try await FakeService.run(routes) { base, log in
            let sleeps = RecordedSleeps()
            let candidates = await Self.source(base: base, sleeps: sleeps).candidates(for: ProductFixtures.request(input))
            #expect(sleeps.all == [.seconds(1)])
            #expect(log.on(Self.searchPath).count == SearchQueryBuilder.queries(for: ProductFixtures.request(input)).count + 1)
            #expect(!candidates.isEmpty)
        }
    }

    // MARK: - Query building

    @Test func queriesUseInterestsVibesPlaceHintsAndBudget() {
        let request = ProductFixtures.request(hints: [ProductFixtures.hint("  loves   the pottery studio downtown ")])
        let queries = SearchQueryBuilder.queries(for: request)
        #expect(queries == [
            "Travel gift ideas for just because under $50",
            "romantic date ideas in Austin, TX",
            "loves the pottery studio downtown gift",
            "Cooking gift ideas under $50",
        ])
    }

    @Test func queriesAreThreeToFive() {
        let sparse = ProductFixtures.request(ProductFixtures.input(interests: [], vibes: [], city: nil))
        #expect(SearchQueryBuilder.queries(for: sparse).count == 3)
        let milestone = PipelineInput.Milestone(
            id: "m", milestoneType: "birthday", milestoneName: "Alex's Birthday", milestoneDate: "2000-03-15", recurrence: "yearly",
            budgetTier: "major_milestone", daysUntil: 10)
        let rich = ProductFixtures.request(
            ProductFixtures.input(
                interests: ["Travel", "Cooking", "Art", "Wine", "Yoga"], vibes: ["vintage"], city: nil, milestone: milestone),
            hints: [ProductFixtures.hint("wants a record player")])
        let queries = SearchQueryBuilder.queries(for: rich)
        #expect(queries == [
            "Travel gift ideas for just because under $50",
            "vintage experience gift ideas",
            "wants a record player gift",
            "Alex's Birthday birthday gift ideas under $50",
            "Art gift ideas under $50",
        ])
        let euros = ProductFixtures.input(budget: BudgetRange(minAmount: 1000, maxAmount: 8000, currency: "EUR"))
        #expect(SearchQueryBuilder.queries(for: ProductFixtures.request(euros)).first == "Travel gift ideas for just because under 80 EUR")
    }

    // MARK: - Reading the model's answer

    @Test func ideasAreReadDefensively() {
        let text = """
            Sure! ```json
            [
              {"title": "  Pottery Class ", "url": "https://clay.example/class", "type": "EXPERIENCE", "price_cents": "4500",
               "matched_interest": "Pottery", "matched_vibe": "bohemian", "image_url": "javascript:alert(1)"},
              {"title": "Map", "url": "https://maps.example/m", "type": "souvenir", "price_cents": 1999.6, "description": null},
              {"title": "No link"},
              {"title": "Bad link", "url": "ftp://files.example/x"},
              {"url": "https://untitled.example"},
              "just a string"
            ]
            ```
            """
        let answer = Self.messagesAnswer(text)
        let input = ProductFixtures.input(interests: ["Travel"], vibes: ["romantic"])
        let candidates = LLMCandidateExtraction.candidates(from: answer, query: "q", input: input)
        #expect(candidates.map(\.title) == ["Pottery Class", "Map"])
        #expect(candidates.map(\.type) == [.experience, .gift])
        #expect(candidates.map(\.priceCents) == [4500, 2000])
        #expect(candidates[0].matchedInterest == nil)
        #expect(candidates[0].matchedVibe == nil)
        #expect(candidates[0].imageURL == nil)
        #expect(candidates[0].metadata["search_query"] == "q")
        #expect(candidates.allSatisfy { $0.source == "claude_search" })
    }

    @Test func onlyTextBlocksAreRead() {
        let answer: JSONValue = [
            "content": [
                ["type": "tool_use", "input": ["text": "[{\"title\": \"x\", \"url\": \"https://x.example\"}]"]],
                ["type": "text", "text": "[{\"title\": \"y\", \"url\": \"https://y.example\"}]"],
            ],
        ]
        let candidates = LLMCandidateExtraction.candidates(from: answer, query: "q", input: ProductFixtures.input())
        #expect(candidates.map(\.title) == ["y"])
        #expect(LLMCandidateExtraction.candidates(from: ["content": "nope"], query: "q", input: ProductFixtures.input()).isEmpty)
    }
}
