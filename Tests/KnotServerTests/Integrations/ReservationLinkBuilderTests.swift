import HearthCore
import Testing
import KnotRules

@testable import KnotServer

/// OpenTable and Resy booking links (spec §10.2, Reservation).
@Suite struct ReservationLinkBuilderTests {
    static func builder(affiliate: String? = nil, enabled: Bool = true, at now: Timestamp = Tier2Fixtures.thursday)
        -> ReservationLinkBuilder
    {
        ReservationLinkBuilder(affiliateID: affiliate, enabled: enabled, clock: ManualWallClock(now))
    }

    static func request(interests: [String] = ["Travel", "Cooking", "Wine"], city: String? = "Austin") -> CandidateRequest {
        Tier2Fixtures.request(Tier2Fixtures.input(interests: interests, city: city))
    }

    @Test func openTableOffersTheThreeSlotsClosestToSevenNextSaturdayForTwo() async throws {
        let found = try await Self.builder().candidates(for: Self.request())
        let openTable = found.filter { $0.source == "opentable" }
        #expect(openTable.map(\.externalURL) == [
            "https://www.opentable.com/s?covers=2&dateTime=2026-11-28T18:30&term=Italian&near=Austin",
            "https://www.opentable.com/s?covers=2&dateTime=2026-11-28T19:00&term=Italian&near=Austin",
            "https://www.opentable.com/s?covers=2&dateTime=2026-11-28T19:30&term=Italian&near=Austin",
        ])
        #expect(openTable.allSatisfy { $0.type == .date && $0.merchantName == "OpenTable" })
        #expect(openTable.allSatisfy { $0.metadata["booking_type"] == "url_redirect" && $0.matchedInterest == "Cooking" })
        #expect(openTable.allSatisfy { $0.priceCents == 12000 && $0.currency == "USD" })
    }

    @Test func defaultSlotsRunFromHalfPastFiveToNineEveryHalfHour() {
        #expect(ReservationMappings.defaultTimeSlots.map(ReservationLinkBuilder.clockTime) == [
            "17:30", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30", "21:00",
        ])
        #expect(ReservationMappings.offeredSlots().map(ReservationLinkBuilder.clockTime) == ["18:30", "19:00", "19:30"])
    }

    @Test func nextSaturdayIsStrictlyAfterToday() {
        let day: Int64 = 86_400
        #expect(ReservationLinkBuilder.nextSaturday(after: Tier2Fixtures.thursday) == "2026-11-28")
        #expect(ReservationLinkBuilder.nextSaturday(after: Tier2Fixtures.thursday.adding(seconds: day)) == "2026-11-28")
        #expect(ReservationLinkBuilder.nextSaturday(after: Tier2Fixtures.thursday.adding(seconds: 2 * day)) == "2026-12-05")
        #expect(ReservationLinkBuilder.nextSaturday(after: Tier2Fixtures.thursday.adding(seconds: 3 * day)) == "2026-12-05")
    }

    @Test func affiliateIdIsAppendedToOpenTableLinksWhenConfigured() async throws {
        let found = try await Self.builder(affiliate: "aff 1").candidates(for: Self.request())
        #expect(found.filter { $0.source == "opentable" }.allSatisfy { $0.externalURL.hasSuffix("&ref=aff%201") })
    }

    @Test func resyLinkOnlyForMappedCitiesMatchedCaseInsensitivelyAndPartially() async throws {
        let austin = try await Self.builder().candidates(for: Self.request())
        let resy = try #require(austin.first { $0.source == "resy" })
        #expect(resy.externalURL == "https://resy.com/cities/austin-tx?query=Italian&date=2026-11-28&seats=2")
        #expect(resy.merchantName == "Resy")
        #expect(resy.type == .date)
        #expect(resy.metadata["booking_type"] == "url_redirect")

        let newYork = try await Self.builder().candidates(for: Self.request(city: "NEW YORK CITY"))
        #expect(newYork.first { $0.source == "resy" }?.externalURL.hasPrefix("https://resy.com/cities/new-york-ny?") == true)

        let elsewhere = try await Self.builder().candidates(for: Self.request(city: "Boise"))
        #expect(elsewhere.map(\.source) == ["opentable", "opentable", "opentable"])
    }

    @Test func cuisineComesFromTheFirstFoodInterest() async throws {
        #expect(ReservationMappings.interestToCuisine.count == 5)
        #expect(Set(ReservationMappings.interestToCuisine.keys).isSubset(of: Set(KnotVaultRules.interestCategories)))
        let found = try await Self.builder().candidates(for: Self.request(interests: ["Wine", "Cooking"]))
        #expect(found.allSatisfy { $0.metadata["cuisine"] == "Wine Bar" })
        #expect(found.first?.externalURL.contains("term=Wine%20Bar") == true)
        #expect(found.first?.priceCents == 9000)
    }

    @Test func noCityNoFoodInterestOrDisabledIsNoCandidates() async throws {
        #expect(try await Self.builder().candidates(for: Self.request(city: nil)).isEmpty)
        #expect(try await Self.builder().candidates(for: Self.request(city: "  ")).isEmpty)
        #expect(try await Self.builder().candidates(for: Self.request(interests: ["Travel", "Art"])).isEmpty)
        #expect(try await Self.builder(enabled: false).candidates(for: Self.request()).isEmpty)
    }

    @Test func resyCityTableHasAboutTwentyFiveEntries() {
        #expect((20...30).contains(ReservationMappings.cityToResySlug.count))
    }
}
