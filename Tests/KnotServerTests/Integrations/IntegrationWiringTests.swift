import HearthCore
import HearthTesting
import Testing

@testable import KnotServer

/// The integrations reach the recommendation routes from the settings alone (spec §6.3,
/// §10): a configured service's ideas are ranked with the stubs', and reservation links
/// appear where the service default leaves them on.
@Suite struct IntegrationWiringTests {
    @Test(arguments: TestEngine.available)
    func aConfiguredYelpFeedsTheGenerateRoute(engine: TestEngine) async throws {
        let businesses: JSONValue = [
            "businesses": .array((1...4).map { YelpClientTests.business("Romantic Wine Bar \($0)", price: "$$") })
        ]
        try await Tier2Fake.run(path: YelpClientTests.path, answer: { _ in (.ok, businesses) }) { base, recorder in
            var settings = KnotSettings.behaviouralTestDefaults
            settings.integrations.yelpAPIKey = "yelp-key"
            settings.integrations.yelpBaseURL = base
            let collaborators = KnotCollaborators(catalog: RecommendationFixtures.emptyCatalog)
            try await KnotReminderHarness.run(
                engine: engine, at: ReminderFixtures.tenthOfMarch, settings: settings, collaborators: collaborators
            ) { harness in
                let server = harness.server
                let user = try await server.signUp("yelp-wired@example.com")
                _ = try await server.createVault(user)
                let response = try await server.api(user, .POST, "/api/v1/recommendations/generate", ["occasion_type": "just_because"])
                #expect(response.status == 200)
                #expect(recorder.all.count == 1)
                #expect(recorder.all.first?.headers["authorization"] == "Bearer yelp-key")
                let items = response.json["recommendations"]?.arrayValue ?? []
                #expect(items.count == 3)
                #expect(items.allSatisfy { $0["source"] == "yelp" && $0["price_cents"] == 4000 })
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func reservationLinksReachTheEngineForACityAndAFoodInterest(engine: TestEngine) async throws {
        var settings = KnotSettings.behaviouralTestDefaults
        settings.integrations.reservationURLsEnabled = true
        // No stubs: whatever is recommended came from the reservation links.
        let collaborators = KnotCollaborators(catalog: RecommendationFixtures.emptyCatalog)
        try await KnotReminderHarness.run(
            engine: engine, at: ReminderFixtures.tenthOfMarch, settings: settings, collaborators: collaborators
        ) { harness in
            let user = try await harness.server.signUp("reserve@example.com")
            _ = try await harness.server.createVault(user)
            let generated = try await harness.server.api(user, .POST, "/api/v1/recommendations/generate", ["occasion_type": "major_milestone"])
            #expect(generated.status == 200)
            let items = generated.json["recommendations"]?.arrayValue ?? []
            // The three OpenTable slots share merchant and city, so the aggregator keeps one
            // (§10.2); Austin also has a Resy page.
            #expect(items.compactMap { $0["source"]?.stringValue }.sorted() == ["opentable", "resy"])
            #expect(items.allSatisfy { $0["recommendation_type"] == "date" && $0["price_cents"] == 12_000 })
            let url = items.first { $0["source"] == "opentable" }?["external_url"]?.stringValue ?? ""
            #expect(url.hasPrefix("https://www.opentable.com/s?covers=2&dateTime=2026-03-14T"))
            #expect(url.contains("term=Italian"))
            #expect(url.contains("near=Austin"))
        }
    }

    @Test(arguments: TestEngine.available)
    func theUnifiedEngineAnswersWhenTheSettingsChooseIt(engine: TestEngine) async throws {
        let routes = UnifiedRecommendationEngineTests.routes { _ in UnifiedRecommendationEngineTests.threeIdeas }
        try await FakeService.run(routes) { base, log in
            var settings = KnotSettings.behaviouralTestDefaults
            settings.integrations = WebSearchCandidateSourceTests.settings(base: base)
            settings.integrations.recommender = "unified"
            try await TestServer.knot(engine: engine, settings: settings) { server in
                let user = try await server.signUp("unified@example.com")
                _ = try await server.createVault(user)
                let response = try await server.api(user, .POST, "/api/v1/recommendations/generate", ["occasion_type": "just_because"])
                #expect(response.status == 200)
                let titles = response.json["recommendations"]?.arrayValue?.compactMap { $0["title"]?.stringValue }
                #expect(titles == ["Travel Journal", "Sunset Picnic", "Pasta Class"])
                #expect(log.on(UnifiedRecommendationEngineTests.messagesPath).count == 1)
                #expect(try await server.count("knot_recommendations", where: "source = ?", ["claude_search"]) == 3)
            }
        }
    }
}
