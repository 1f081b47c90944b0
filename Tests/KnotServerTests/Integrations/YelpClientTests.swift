import HearthCore
import Testing
import KnotRules

@testable import KnotServer

/// Yelp business search against a loopback fake (spec §10.1, §10.2).
@Suite struct YelpClientTests {
    static let path = "v3/businesses/search"

    static func business(
        _ name: String, price: String? = "$$", aliases: [String] = ["wine_bars"], country: String = "US"
    ) -> JSONValue {
        var value: [String: JSONValue] = [
            "id": .string("id-\(name)"), "name": .string(name), "url": .string("https://www.yelp.com/biz/\(name)"),
            "image_url": "https://img.example/x.jpg", "rating": 4.5, "review_count": 120,
            "categories": .array(aliases.map { ["alias": .string($0), "title": .string($0.capitalized)] }),
            "location": [
                "city": "Austin", "state": "TX", "country": .string(country), "display_address": ["1 Main St", "Austin, TX"],
            ],
        ]
        if let price { value["price"] = .string(price) }
        return .object(value)
    }

    static func client(_ base: String, key: String? = "yelp-key", sleeps: Tier2Sleeps = Tier2Sleeps()) -> YelpClient {
        YelpClient(http: Tier2Fake.http(sleeps: sleeps), apiKey: key, baseURL: base)
    }

    @Test func sendsBearerKeyLocationVibeCategoriesBudgetPriceLevelsAndLimit() async throws {
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, ["businesses": []]) }) { base, recorder in
            let input = Tier2Fixtures.input(vibes: ["quiet_luxury", "romantic"], budget: BudgetRange(minAmount: 3000, maxAmount: 10000))
            _ = try await Self.client(base).candidates(for: Tier2Fixtures.request(input))
            let seen = try #require(recorder.all.first)
            #expect(seen.path == "/v3/businesses/search")
            #expect(seen.headers["authorization"] == "Bearer yelp-key")
            #expect(seen.query["location"] == "Austin, TX, US")
            #expect(seen.query["categories"] == "wine_bars,wineries,spas,french,cocktailbars")
            #expect(seen.query["price"] == "2,3")
            #expect(seen.query["limit"] == "20")
        }
    }

    @Test func priceFilterIsEveryLevelOverlappingTheBudget() {
        #expect(YelpMappings.priceFilter(for: BudgetRange(minAmount: 2000, maxAmount: 5000)) == "1,2")
        #expect(YelpMappings.priceFilter(for: BudgetRange(minAmount: 3000, maxAmount: 10000)) == "2,3")
        #expect(YelpMappings.priceFilter(for: BudgetRange(minAmount: 10000, maxAmount: 50000)) == "3,4")
        #expect(YelpMappings.priceFilter(for: BudgetRange(minAmount: 2500, maxAmount: 2501)) == "1,2")
        #expect(YelpMappings.priceFilter(for: BudgetRange(minAmount: 5000, maxAmount: 1000)) == nil)
    }

    @Test func everyVibeHasThreeCategories() {
        #expect(Set(YelpMappings.vibeToCategories.keys) == Set(KnotVaultRules.vibes))
        #expect(YelpMappings.vibeToCategories.values.allSatisfy { $0.count == 3 })
        #expect(YelpMappings.vibeToCategories["quiet_luxury"] == ["wine_bars", "wineries", "spas"])
    }

    @Test func businessesBecomeCandidatesWithPriceLevelCentsAndYelpMetadata() async throws {
        let answer: JSONValue = [
            "businesses": [
                Self.business("Vino Bar", price: "$$"), Self.business("Quiet Spa", price: "$$$$", aliases: ["spas"]),
                Self.business("No Price", price: nil, aliases: ["hiking"]),
            ]
        ]
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, answer) }) { base, _ in
            let found = try await Self.client(base).candidates(for: Tier2Fixtures.request(Tier2Fixtures.input(vibes: ["quiet_luxury"])))
            #expect(found.map(\.title) == ["Vino Bar", "Quiet Spa", "No Price"])
            #expect(found.map(\.priceCents) == [4000, 15000, nil])
            #expect(found.map(\.source) == ["yelp", "yelp", "yelp"])
            #expect(found.map(\.id) == ["c-1", "c-2", "c-3"])
            let first = try #require(found.first)
            #expect(first.externalURL == "https://www.yelp.com/biz/Vino Bar")
            #expect(first.merchantName == "Vino Bar")
            #expect(first.imageURL == "https://img.example/x.jpg")
            #expect(first.location == CandidateLocation(city: "Austin", state: "TX", country: "US", address: "1 Main St, Austin, TX"))
            #expect(first.metadata["yelp_id"] == "id-Vino Bar")
            #expect(first.metadata["rating"] == 4.5)
            #expect(first.metadata["review_count"] == 120)
            #expect(first.metadata["categories"] == ["wine_bars"])
            #expect(first.matchedVibe == "quiet_luxury")
        }
    }

    @Test func foodDrinkAndNightlifeCategoriesAreDatesOthersExperiences() {
        #expect(YelpMappings.type(forCategories: ["wine_bars"]) == .date)
        #expect(YelpMappings.type(forCategories: ["hiking", "restaurants"]) == .date)
        #expect(YelpMappings.type(forCategories: ["nightlife"]) == .date)
        #expect(YelpMappings.type(forCategories: ["spas", "hiking"]) == .experience)
        #expect(YelpMappings.type(forCategories: []) == .experience)
    }

    @Test func currencyFollowsTheBusinessCountry() async throws {
        let answer: JSONValue = ["businesses": [Self.business("Pub", country: "GB"), Self.business("Cafe", country: "ZZ")]]
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, answer) }) { base, _ in
            let found = try await Self.client(base).candidates(for: Tier2Fixtures.request())
            #expect(found.map(\.currency) == ["GBP", "USD"])
        }
    }

    @Test func tooManyRequestsIsRetriedAfterOneThenTwoSecondsThenSucceeds() async throws {
        let sleeps = Tier2Sleeps()
        try await Tier2Fake.run(
            path: Self.path, answer: { $0 < 2 ? (.tooManyRequests, [:]) : (.ok, ["businesses": [Self.business("Late")]]) }
        ) { base, recorder in
            let found = try await Self.client(base, sleeps: sleeps).candidates(for: Tier2Fixtures.request())
            #expect(found.map(\.title) == ["Late"])
            #expect(recorder.all.count == 3)
            #expect(sleeps.all == [.seconds(1), .seconds(2)])
        }
    }

    @Test func serverErrorIsNoCandidates() async throws {
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.internalServerError, ["error": "boom"]) }) { base, recorder in
            let answer1 = try await Self.client(base).candidates(for: Tier2Fixtures.request())
            #expect(answer1.isEmpty)
            #expect(recorder.all.count == 1)
        }
    }

    @Test func unconfiguredOrWithoutLocationIsNoCandidatesWithoutARequest() async throws {
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, ["businesses": [Self.business("X")]]) }) { base, recorder in
            let answer2 = try await Self.client(base, key: nil).candidates(for: Tier2Fixtures.request())
            #expect(answer2.isEmpty)
            let answer3 = try await Self.client(base, key: " ").candidates(for: Tier2Fixtures.request())
            #expect(answer3.isEmpty)
            let nowhere = Tier2Fixtures.input(city: nil, state: nil, country: nil)
            let answer4 = try await Self.client(base).candidates(for: Tier2Fixtures.request(nowhere))
            #expect(answer4.isEmpty)
            #expect(recorder.all.isEmpty)
        }
    }
}
