/// The outside services Knot's recommendation engine may use (spec §10, §6.7, §6.11), each
/// `nil` or empty when unconfigured. Read from `HEARTH_KNOT_<spec name>` variables.
///
/// Base URLs come from the operator, so they may point at loopback (a local fake or a
/// proxy); user-supplied URLs never reach these clients.
public struct IntegrationSettings: Sendable {
    public var braveSearchAPIKey: String?
    public var braveBaseURL = "https://api.search.brave.com"
    public var anthropicAPIKey: String?
    public var anthropicBaseURL = "https://api.anthropic.com"
    /// The model of the LLM extraction and of the unified engine.
    public var llmModel = "claude-sonnet-4-20250514"
    public var yelpAPIKey: String?
    public var yelpBaseURL = "https://api.yelp.com"
    public var ticketmasterAPIKey: String?
    public var ticketmasterBaseURL = "https://app.ticketmaster.com"
    public var amazonAccessKey: String?
    public var amazonSecretKey: String?
    public var amazonAssociateTag: String?
    public var amazonHost = "webservices.amazon.com"
    public var amazonRegion = "us-east-1"
    /// `https://host` by default; tests point it at a loopback fake.
    public var amazonBaseURL: String?
    public var shopifyStorefrontToken: String?
    public var shopifyStoreDomain: String?
    public var shopifyAPIVersion = "2024-01"
    /// `http` only for tests against a loopback fake.
    public var shopifyScheme = "https"
    public var openTableAffiliateID: String?
    public var reservationURLsEnabled = true
    public var firecrawlAPIKey: String?
    public var firecrawlBaseURL = "https://api.firecrawl.dev"
    /// Stage 6 checks every link (through the outbound SSRF policy) when true.
    public var urlVerificationEnabled = false
    /// `pipeline` (the six stages) or `unified` (one LLM call, §6.11; needs the Anthropic key).
    public var recommender = "pipeline"

    public init() {}
}
