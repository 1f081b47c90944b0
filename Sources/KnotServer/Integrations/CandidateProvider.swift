/// One Tier 2 service of the aggregator (spec §10): Yelp, Ticketmaster, Amazon, Shopify,
/// reservation links, Firecrawl.
///
/// An unconfigured provider answers `[]`; so does a configured one whose service failed
/// (timeouts, HTTP errors: see ``IntegrationHTTP``). Only a thrown error counts as a failure
/// for the aggregator's "all six failed" rule.
protocol CandidateProvider: Sendable {
    /// The candidates' `source` (spec §3.1), also the key of `SOURCE_PRIORITY`.
    var source: String { get }
    func candidates(for request: CandidateRequest) async throws -> [Candidate]
}
