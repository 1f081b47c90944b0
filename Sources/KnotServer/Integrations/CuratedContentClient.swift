import HearthCore

/// Curated city guides scraped through Firecrawl (spec §10.1, §10.2): the venues of the
/// vault city's guide, when it is one of the seven cities with a guide.
struct CuratedContentClient: CandidateProvider {
    /// At most this many venues per guide [PROPOSAL].
    static let maxVenues = 10

    /// [PROPOSAL] keyword lists of the date-vs-experience rule: a venue is a `date` when
    /// more date keywords than experience keywords match its name and description.
    static let dateKeywords = [
        "restaurant", "bar", "wine", "cocktail", "dinner", "dining", "bistro", "cafe", "brunch", "speakeasy", "tasting",
        "rooftop",
    ]
    static let experienceKeywords = [
        "museum", "tour", "concert", "gallery", "theater", "theatre", "park", "show", "class", "exhibit", "festival",
        "garden",
    ]

    let http: IntegrationHTTP
    let apiKey: String?
    let baseURL: String
    let cache: FirecrawlCache

    var source: String { "firecrawl" }

    init(
        http: IntegrationHTTP, apiKey: String?, baseURL: String = IntegrationSettings().firecrawlBaseURL,
        clock: any WallClock = SystemWallClock()
    ) {
        self.http = http
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.cache = FirecrawlCache(clock: clock)
    }

    func candidates(for request: CandidateRequest) async throws -> [Candidate] {
        guard let key = Tier2Query.configured(apiKey), let guide = FirecrawlGuides.guide(for: request.input.location.city),
            let markdown = await markdown(of: guide.url, key: key)
        else { return [] }
        return FirecrawlVenueParser.venues(in: markdown).prefix(Self.maxVenues).map { venue in
            candidate(from: venue, guide: guide, request: request)
        }
    }

    /// The guide's markdown from the cache, else from `POST /v1/scrape` (stored on success).
    func markdown(of url: String, key: String) async -> String? {
        if let cached = cache.markdown(for: url) { return cached }
        let body: JSONValue = ["url": .string(url), "formats": ["markdown"]]
        let call = IntegrationHTTP.Request.postJSON(
            Tier2Query.url(base: baseURL, path: "/v1/scrape", []), body, headers: [("Authorization", "Bearer \(key)")])
        guard let answer = await http.json(call, service: source), answer["success"]?.boolValue != false,
            let markdown = answer["data"]?["markdown"]?.stringValue
        else { return nil }
        cache.store(markdown, for: url)
        return markdown
    }

    func candidate(from venue: FirecrawlVenueParser.Venue, guide: FirecrawlGuides.Guide, request: CandidateRequest) -> Candidate {
        let location = request.input.location
        return Candidate(
            id: request.makeID(), source: source,
            type: Self.type(name: venue.name, description: venue.description), title: venue.name,
            description: venue.description, priceCents: nil, currency: CountryCurrency.currency(for: location.country),
            externalURL: venue.url ?? guide.url, merchantName: venue.name,
            location: CandidateLocation(city: location.city, state: location.state, country: location.country, address: nil),
            metadata: ["guide_url": .string(guide.url), "guide_city": .string(guide.city)])
    }

    static func type(name: String, description: String?) -> RecommendationType {
        func count(_ keywords: [String]) -> Int {
            keywords.count { TextMatch.matches($0, in: name) || TextMatch.matches($0, in: description) }
        }
        return count(dateKeywords) > count(experienceKeywords) ? .date : .experience
    }
}
