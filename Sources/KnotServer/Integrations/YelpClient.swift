import Foundation
import HearthCore

/// Yelp Fusion business search (spec §10.1, §10.2): places matching the vault's vibes in
/// its city, priced by the budget.
struct YelpClient: CandidateProvider {
    /// `limit` ≤ 50 [FACT]; 20 is Stage 2's target.
    static let limit = 20

    let http: IntegrationHTTP
    let apiKey: String?
    let baseURL: String

    var source: String { "yelp" }

    init(http: IntegrationHTTP, apiKey: String?, baseURL: String = IntegrationSettings().yelpBaseURL) {
        self.http = http
        self.apiKey = apiKey
        self.baseURL = baseURL
    }

    /// `[]` without a key or a vault location (Yelp requires one), without a request.
    func candidates(for request: CandidateRequest) async throws -> [Candidate] {
        guard let key = Tier2Query.configured(apiKey), let url = searchURL(for: request.input) else { return [] }
        let call = IntegrationHTTP.Request(url: url, headers: [("Authorization", "Bearer \(key)")])
        guard let answer = await http.json(call, service: source) else { return [] }
        return (answer["businesses"]?.arrayValue ?? []).compactMap { candidate(from: $0, request: request) }
    }

    /// `GET /v3/businesses/search?location=…&categories=…&price=…&limit=20`.
    func searchURL(for input: PipelineInput) -> String? {
        let parts = [input.location.city, input.location.state, input.location.country]
            .compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        var items: [(name: String, value: String)] = [("location", parts.joined(separator: ", "))]
        let categories = YelpMappings.categories(for: input.vibes)
        if !categories.isEmpty { items.append(("categories", categories.joined(separator: ","))) }
        if let price = YelpMappings.priceFilter(for: input.budgetRange) { items.append(("price", price)) }
        items.append(("limit", String(Self.limit)))
        return Tier2Query.url(base: baseURL, path: "/v3/businesses/search", items)
    }

    /// One business → one candidate; a business without a name or a URL is skipped.
    func candidate(from business: JSONValue, request: CandidateRequest) -> Candidate? {
        guard let name = business["name"]?.stringValue, !name.isEmpty,
            let url = business["url"]?.stringValue, !url.isEmpty
        else { return nil }
        let categories = business["categories"]?.arrayValue ?? []
        let aliases = categories.compactMap { $0["alias"]?.stringValue }
        let titles = categories.compactMap { $0["title"]?.stringValue }
        let place = business["location"]
        let country = place?["country"]?.stringValue ?? request.input.location.country
        let address = (place?["display_address"]?.arrayValue?.compactMap(\.stringValue)).map { $0.joined(separator: ", ") }
        var metadata: [String: JSONValue] = [
            "yelp_id": business["id"] ?? .null,
            "rating": business["rating"] ?? .null,
            "review_count": business["review_count"] ?? .null,
            "categories": .array(aliases.map(JSONValue.string)),
        ]
        if let vibe = request.input.vibes.first(where: { vibe in
            (YelpMappings.vibeToCategories[vibe] ?? []).contains(where: aliases.contains)
        }) {
            metadata["matched_vibe"] = .string(vibe)
        }
        let image = business["image_url"]?.stringValue
        return Candidate(
            id: request.makeID(), source: source, type: YelpMappings.type(forCategories: aliases), title: name,
            description: titles.isEmpty ? nil : titles.joined(separator: ", "),
            priceCents: business["price"]?.stringValue.flatMap { YelpMappings.priceToCents[$0] },
            currency: CountryCurrency.currency(for: country), externalURL: url,
            imageURL: image?.isEmpty == false ? image : nil, merchantName: name,
            location: CandidateLocation(
                city: place?["city"]?.stringValue ?? request.input.location.city,
                state: place?["state"]?.stringValue ?? request.input.location.state, country: country,
                address: address?.isEmpty == false ? address : nil),
            metadata: .object(metadata))
    }
}
