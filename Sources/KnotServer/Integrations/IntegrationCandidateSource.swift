import AsyncHTTPClient
import HearthCore
import Logging

/// Tiers 1 and 2 of Stage 2 from the operator's configuration (spec §6.3, §10): the web
/// search with LLM extraction when both its keys are set, and the aggregator over the six
/// Tier 2 services (each answers nothing while unconfigured; reservation links need no
/// service and are on unless `RESERVATION_URLS_ENABLED=false`).
struct IntegrationCandidateSource: CandidateSource {
    let search: WebSearchCandidateSource?
    let aggregator: CandidateAggregator

    init(settings: IntegrationSettings, http: HTTPClient = .shared, clock: any WallClock, logger: Logger) {
        let client = IntegrationHTTP(client: http, logger: logger)
        search = settings.braveSearchAPIKey != nil && settings.anthropicAPIKey != nil
            ? WebSearchCandidateSource(http: client, settings: settings) : nil
        aggregator = CandidateAggregator(providers: [
            YelpClient(http: client, apiKey: settings.yelpAPIKey, baseURL: settings.yelpBaseURL),
            TicketmasterClient(http: client, apiKey: settings.ticketmasterAPIKey, baseURL: settings.ticketmasterBaseURL, clock: clock),
            AmazonProductClient(http: client, settings: settings, clock: clock),
            ShopifyStorefrontClient(http: client, settings: settings),
            ReservationLinkBuilder(affiliateID: settings.openTableAffiliateID, enabled: settings.reservationURLsEnabled, clock: clock),
            CuratedContentClient(http: client, apiKey: settings.firecrawlAPIKey, baseURL: settings.firecrawlBaseURL, clock: clock),
        ])
    }

    func searchCandidates(_ request: CandidateRequest) async throws -> [Candidate] {
        try await search?.candidates(for: request) ?? []
    }

    func aggregatedCandidates(_ request: CandidateRequest) async throws -> [Candidate] {
        try await aggregator.candidates(for: request)
    }
}
