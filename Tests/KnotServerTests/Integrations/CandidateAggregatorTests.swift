import HearthCore
import Synchronization
import Testing

@testable import KnotServer

/// The Tier 2 aggregator (spec §10.2, Aggregator).
@Suite struct CandidateAggregatorTests {
    struct Boom: Error {}

    /// Answers fixed candidates, or throws.
    struct FixedProvider: CandidateProvider {
        var source: String
        var answer: [Candidate]?

        func candidates(for request: CandidateRequest) async throws -> [Candidate] {
            guard let answer else { throw Boom() }
            return answer
        }
    }

    /// Waits until every one of `count` providers has started, so they must run concurrently.
    final class Rendezvous: Sendable {
        let count: Int
        private let state = Mutex<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))
        init(count: Int) { self.count = count }

        func arrive() async {
            await withCheckedContinuation { continuation in
                let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.arrived += 1
                    state.waiting.append(continuation)
                    guard state.arrived == count else { return [] }
                    defer { state.waiting = [] }
                    return state.waiting
                }
                release.forEach { $0.resume() }
            }
        }
    }

    struct WaitingProvider: CandidateProvider {
        var source: String
        var rendezvous: Rendezvous
        var answer: [Candidate]

        func candidates(for request: CandidateRequest) async throws -> [Candidate] {
            await rendezvous.arrive()
            return answer
        }
    }

    static func candidate(_ title: String, source: String, merchant: String?, city: String? = "Austin") -> Candidate {
        Candidate(
            id: title, source: source, type: .experience, title: title, externalURL: "https://example.com/\(title)",
            merchantName: merchant, location: city.map { CandidateLocation(city: $0) })
    }

    @Test func sourcePriorityIsTheSpecTable() {
        #expect(CandidateAggregator.sourcePriority == [
            "claude_search": 6, "opentable": 5, "resy": 5, "firecrawl": 4, "yelp": 3, "ticketmaster": 2, "amazon": 1,
            "shopify": 1,
        ])
        #expect(Set(CandidateAggregator.sourcePriority.keys) == Set(Candidate.sources))
    }

    @Test func resultsFollowProviderOrderThenEachProvidersOrder() async throws {
        let aggregator = CandidateAggregator(providers: [
            FixedProvider(source: "yelp", answer: [Self.candidate("Y1", source: "yelp", merchant: "A"), Self.candidate("Y2", source: "yelp", merchant: "B")]),
            FixedProvider(source: "amazon", answer: [Self.candidate("A1", source: "amazon", merchant: "C", city: nil)]),
            FixedProvider(source: "firecrawl", answer: [Self.candidate("F1", source: "firecrawl", merchant: "D")]),
        ])
        #expect(try await aggregator.candidates(for: Tier2Fixtures.request()).map(\.title) == ["Y1", "Y2", "A1", "F1"])
    }

    @Test func providersRunConcurrently() async throws {
        let rendezvous = Rendezvous(count: 3)
        let providers: [any CandidateProvider] = ["yelp", "ticketmaster", "firecrawl"].map { source in
            WaitingProvider(source: source, rendezvous: rendezvous, answer: [Self.candidate(source, source: source, merchant: nil)])
        }
        let found = try await CandidateAggregator(providers: providers).candidates(for: Tier2Fixtures.request())
        #expect(found.map(\.title) == ["yelp", "ticketmaster", "firecrawl"])
    }

    @Test func duplicatesByNormalisedMerchantAndCityKeepTheHigherPriorityInTheFirstSlot() {
        let merged = CandidateAggregator.deduplicated([
            Self.candidate("Yelp Alinea", source: "yelp", merchant: "Alinea", city: "Chicago"),
            Self.candidate("Other", source: "yelp", merchant: "Other", city: "Chicago"),
            Self.candidate("Firecrawl Alinea", source: "firecrawl", merchant: "  ALINEA ", city: "chicago "),
            Self.candidate("Ticketmaster Alinea", source: "ticketmaster", merchant: "alinea", city: "Chicago"),
        ])
        #expect(merged.map(\.title) == ["Firecrawl Alinea", "Other"])
    }

    @Test func onEqualPriorityTheFirstSeenStays() {
        let merged = CandidateAggregator.deduplicated([
            Self.candidate("OpenTable 18:30", source: "opentable", merchant: "OpenTable"),
            Self.candidate("Resy", source: "resy", merchant: "OpenTable"),
            Self.candidate("OpenTable 19:00", source: "opentable", merchant: "OpenTable"),
        ])
        #expect(merged.map(\.title) == ["OpenTable 18:30"])
    }

    @Test func sameMerchantInAnotherCityIsNotADuplicate() {
        let merged = CandidateAggregator.deduplicated([
            Self.candidate("Austin", source: "yelp", merchant: "Chain", city: "Austin"),
            Self.candidate("Dallas", source: "yelp", merchant: "Chain", city: "Dallas"),
            Self.candidate("Nowhere", source: "yelp", merchant: "Chain", city: nil),
        ])
        #expect(merged.map(\.title) == ["Austin", "Dallas", "Nowhere"])
    }

    @Test func candidatesWithoutAMerchantAreNeverDeduplicated() {
        let merged = CandidateAggregator.deduplicated([
            Self.candidate("One", source: "amazon", merchant: nil), Self.candidate("Two", source: "amazon", merchant: nil),
            Self.candidate("Three", source: "shopify", merchant: "  "), Self.candidate("Four", source: "shopify", merchant: ""),
        ])
        #expect(merged.map(\.title) == ["One", "Two", "Three", "Four"])
    }

    @Test func someProvidersFailingStillAnswersTheOthers() async throws {
        let aggregator = CandidateAggregator(providers: [
            FixedProvider(source: "yelp", answer: nil),
            FixedProvider(source: "amazon", answer: [Self.candidate("Gift", source: "amazon", merchant: "Shop")]),
        ])
        #expect(try await aggregator.candidates(for: Tier2Fixtures.request()).map(\.title) == ["Gift"])
    }

    @Test func emptyAnswersAreNotFailures() async throws {
        let aggregator = CandidateAggregator(providers: [
            FixedProvider(source: "yelp", answer: nil), FixedProvider(source: "amazon", answer: []),
        ])
        #expect(try await aggregator.candidates(for: Tier2Fixtures.request()).isEmpty)
    }

    @Test func allProvidersFailingThrowsAggregationError() async throws {
        let aggregator = CandidateAggregator(providers: ["yelp", "ticketmaster", "amazon", "shopify", "opentable", "firecrawl"].map {
            FixedProvider(source: $0, answer: nil)
        })
        let error = try await #require(throws: AggregationError.self) {
            try await aggregator.candidates(for: Tier2Fixtures.request())
        }
        #expect(error.failures.map(\.source) == ["yelp", "ticketmaster", "amazon", "shopify", "opentable", "firecrawl"])
    }

    @Test func noProvidersIsNoCandidates() async throws {
        #expect(try await CandidateAggregator(providers: []).candidates(for: Tier2Fixtures.request()).isEmpty)
    }
}
