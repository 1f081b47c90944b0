import HearthCore
import Testing
import KnotRules

@testable import KnotServer

/// Ticketmaster Discovery event search against a loopback fake (spec §10.1, §10.2).
@Suite struct TicketmasterClientTests {
    static let path = "discovery/v2/events.json"

    static func event(
        _ name: String, status: String = "onsale", prices: JSONValue? = ["min": 20.0, "max": 50.5, "currency": "USD"],
        images: JSONValue = [["ratio": "16_9", "width": 1024, "url": "https://img.example/wide.jpg"]],
        genreID: String = "KnvZfZ7vAeA"
    ) -> JSONValue {
        var value: [String: JSONValue] = [
            "id": .string("tm-\(name)"), "name": .string(name), "url": .string("https://www.ticketmaster.com/\(name)"),
            "dates": ["status": ["code": .string(status)], "start": ["localDate": "2026-12-05"]],
            "images": images,
            "classifications": [["segment": ["id": "KZFzniwnSyZfZ7v7nJ", "name": "Music"], "genre": ["id": .string(genreID), "name": "Rock"]]],
            "_embedded": [
                "venues": [
                    ["name": "Moody Center", "city": ["name": "Austin"], "state": ["stateCode": "TX"], "country": ["countryCode": "US"]]
                ]
            ],
        ]
        if let prices { value["priceRanges"] = [prices] }
        return .object(value)
    }

    static func answer(_ events: [JSONValue]) -> JSONValue { ["_embedded": ["events": .array(events)]] }

    static func client(_ base: String, key: String? = "tm-key") -> TicketmasterClient {
        TicketmasterClient(http: Tier2Fake.http(), apiKey: key, baseURL: base, clock: ManualWallClock(Tier2Fixtures.thursday))
    }

    @Test func sendsApiKeyGenresCityCountryAndAThirtyDayWindow() async throws {
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, [:]) }) { base, recorder in
            let input = Tier2Fixtures.input(interests: ["Concerts", "Music", "Comedy", "Sports", "Cooking"], country: "us")
            _ = try await Self.client(base).candidates(for: Tier2Fixtures.request(input))
            let seen = try #require(recorder.all.first)
            #expect(seen.path == "/discovery/v2/events.json")
            #expect(seen.query["apikey"] == "tm-key")
            #expect(seen.query["genreId"] == "KnvZfZ7vAeA,KnvZfZ7vAe1")
            #expect(seen.query["segmentId"] == "KZFzniwnSyZfZ7v7nE")
            #expect(seen.query["keyword"] == nil)
            #expect(seen.query["city"] == "Austin")
            #expect(seen.query["countryCode"] == "US")
            #expect(seen.query["startDateTime"] == "2026-11-26T12:00:00Z")
            #expect(seen.query["endDateTime"] == "2026-12-26T12:00:00Z")
        }
    }

    @Test func withoutAnEventInterestTheFirstInterestIsTheKeyword() async throws {
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, [:]) }) { base, recorder in
            _ = try await Self.client(base).candidates(for: Tier2Fixtures.request(Tier2Fixtures.input(interests: ["Travel", "Cooking"])))
            let seen = try #require(recorder.all.first)
            #expect(seen.query["keyword"] == "Travel")
            #expect(seen.query["genreId"] == nil)
        }
    }

    @Test func eightInterestsAreMappedAndMusicIsTheKnownGenre() {
        #expect(TicketmasterMappings.interestToGenre.count == 8)
        #expect(Set(TicketmasterMappings.interestToGenre.keys).isSubset(of: Set(KnotVaultRules.interestCategories)))
        #expect(TicketmasterMappings.interestToGenre["Music"]?.id == "KnvZfZ7vAeA")
        #expect(TicketmasterMappings.interestToGenre["Concerts"]?.id == "KnvZfZ7vAeA")
    }

    @Test func onlyOnsaleEventsCaseInsensitivelyBecomeExperiences() async throws {
        let events = [
            Self.event("A", status: "onsale"), Self.event("B", status: "OnSale"), Self.event("C", status: "offsale"),
            Self.event("D", status: "cancelled"),
        ]
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, Self.answer(events)) }) { base, _ in
            let found = try await Self.client(base).candidates(for: Tier2Fixtures.request())
            #expect(found.map(\.title) == ["A", "B"])
            #expect(found.allSatisfy { $0.type == .experience && $0.source == "ticketmaster" })
            let first = try #require(found.first)
            #expect(first.merchantName == "Moody Center")
            #expect(first.location?.city == "Austin")
            #expect(first.metadata["ticketmaster_id"] == "tm-A")
            #expect(first.matchedInterest == "Concerts")
        }
    }

    @Test func priceIsTheTruncatedMidpointOrTheSingleBoundOrNull() {
        #expect(TicketmasterClient.priceCents(min: 20.0, max: 50.5) == 3525)
        #expect(TicketmasterClient.priceCents(min: 10.0, max: 10.01) == 1000)
        #expect(TicketmasterClient.priceCents(min: 35.0, max: nil) == 3500)
        #expect(TicketmasterClient.priceCents(min: nil, max: 80.0) == 8000)
        #expect(TicketmasterClient.priceCents(min: nil, max: nil) == nil)
    }

    @Test func currencyOfThePriceRangeOverridesTheCountryMap() async throws {
        let events = [
            Self.event("Euro", prices: ["min": 10.0, "max": 20.0, "currency": "EUR"]), Self.event("None", prices: nil),
        ]
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, Self.answer(events)) }) { base, _ in
            let found = try await Self.client(base).candidates(for: Tier2Fixtures.request())
            #expect(found.map(\.currency) == ["EUR", "USD"])
            #expect(found.map(\.priceCents) == [1500, nil])
        }
    }

    @Test func imageIsSixteenByNineAtLeast640WideElseTheWidest() {
        let images: [JSONValue] = [
            ["ratio": "16_9", "width": 205, "url": "small-wide"], ["ratio": "3_2", "width": 1024, "url": "big-3-2"],
            ["ratio": "16_9", "width": 640, "url": "good"], ["ratio": "16_9", "width": 2048, "url": "huge"],
        ]
        #expect(TicketmasterClient.image(images) == "good")
        let noWide: [JSONValue] = [
            ["ratio": "16_9", "width": 205, "url": "small-wide"], ["ratio": "3_2", "width": 1024, "url": "big-3-2"],
            ["ratio": "4_3", "width": 305, "url": "mid"],
        ]
        #expect(TicketmasterClient.image(noWide) == "big-3-2")
        #expect(TicketmasterClient.image([]) == nil)
    }

    @Test func serverErrorIsNoCandidates() async throws {
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.internalServerError, [:]) }) { base, _ in
            let answer1 = try await Self.client(base).candidates(for: Tier2Fixtures.request())
            #expect(answer1.isEmpty)
        }
    }

    @Test func unconfiguredIsNoCandidatesWithoutARequest() async throws {
        try await Tier2Fake.run(path: Self.path, answer: { _ in (.ok, Self.answer([Self.event("A")])) }) { base, recorder in
            let answer2 = try await Self.client(base, key: nil).candidates(for: Tier2Fixtures.request())
            #expect(answer2.isEmpty)
            #expect(recorder.all.isEmpty)
        }
    }
}
