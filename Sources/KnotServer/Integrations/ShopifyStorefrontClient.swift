import Foundation
import HearthCore

/// One Shopify store's Storefront GraphQL API (spec §10.1, §10.2): a product search per
/// vault interest, available products as gifts.
///
/// Both the token and the store domain are required, else `[]` without a request. GraphQL
/// reports errors inside a 200; such an answer also counts as no candidates.
struct ShopifyStorefrontClient: CandidateProvider {
    /// [PROPOSAL] products asked per interest.
    static let defaultProductsPerInterest = 5

    static let query = """
        query KnotProducts($query: String!, $first: Int!) {
          products(first: $first, query: $query) {
            edges {
              node {
                id title handle description onlineStoreUrl availableForSale vendor
                priceRange { minVariantPrice { amount currencyCode } }
                featuredImage { url }
              }
            }
          }
        }
        """

    let source = "shopify"
    let http: IntegrationHTTP
    let token: String?
    /// Normalised: no scheme, no surrounding spaces, no trailing `/`.
    let domain: String?
    let apiVersion: String
    let scheme: String
    let productsPerInterest: Int

    init(http: IntegrationHTTP, settings: IntegrationSettings, productsPerInterest: Int = Self.defaultProductsPerInterest) {
        self.http = http
        token = settings.shopifyStorefrontToken.flatMap { $0.isEmpty ? nil : $0 }
        domain = settings.shopifyStoreDomain.flatMap(Self.normalisedDomain)
        apiVersion = settings.shopifyAPIVersion
        scheme = settings.shopifyScheme
        self.productsPerInterest = max(productsPerInterest, 1)
    }

    var isConfigured: Bool { token != nil && domain != nil }

    /// `" https://shop.example.com/ "` → `shop.example.com`; `nil` when nothing is left.
    static func normalisedDomain(_ raw: String) -> String? {
        var domain = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        for scheme in ["https://", "http://"] where domain.lowercased().hasPrefix(scheme) {
            domain = String(domain.dropFirst(scheme.count))
        }
        while domain.hasSuffix("/") { domain.removeLast() }
        return domain.isEmpty ? nil : domain
    }

    var endpoint: String? {
        domain.map { "\(scheme)://\($0)/api/\(apiVersion)/graphql.json" }
    }

    func candidates(for request: CandidateRequest) async -> [Candidate] {
        guard let token, let domain, let endpoint else { return [] }
        let interests = request.input.interests
        let answers = await ConcurrentWork.inOrder(interests) { interest in
            let body: JSONValue = [
                "query": .string(Self.query),
                "variables": ["query": .string(interest), "first": .int(Int64(self.productsPerInterest))],
            ]
            let call = IntegrationHTTP.Request.postJSON(endpoint, body, headers: [("X-Shopify-Storefront-Access-Token", token)])
            return await self.http.json(call, service: self.source)
        }
        var seen = Set<String>()
        var result: [Candidate] = []
        for (interest, answer) in zip(interests, answers) {
            guard let answer, !Self.hasErrors(answer) else { continue }
            for edge in answer["data"]?["products"]?["edges"]?.arrayValue ?? [] {
                guard let node = edge["node"],
                    var candidate = Self.candidate(from: node, interest: interest, domain: domain, request: request),
                    seen.insert(candidate.externalURL).inserted
                else { continue }
                candidate.id = request.makeID()
                result.append(candidate)
            }
        }
        return result
    }

    static func hasErrors(_ answer: JSONValue) -> Bool {
        guard let errors = answer["errors"], !errors.isNull else { return false }
        return errors.arrayValue?.isEmpty != true
    }

    /// A product as a gift candidate (id left empty); `nil` when unavailable or without a
    /// title or a way to link to it.
    static func candidate(from node: JSONValue, interest: String, domain: String, request: CandidateRequest) -> Candidate? {
        guard node["availableForSale"]?.boolValue != false,
            let title = node["title"]?.stringValue, !title.isEmpty
        else { return nil }
        let url: String
        if let online = node["onlineStoreUrl"]?.stringValue, !online.isEmpty {
            url = online
        } else if let handle = node["handle"]?.stringValue, !handle.isEmpty {
            url = "https://\(domain)/products/\(handle)"
        } else {
            return nil
        }
        let price = node["priceRange"]?["minVariantPrice"]
        var metadata: [String: JSONValue] = ["matched_interest": .string(interest)]
        if let id = node["id"]?.stringValue { metadata["shopify_id"] = .string(id) }
        let vendor = node["vendor"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return Candidate(
            id: "", source: "shopify", type: .gift, title: title,
            description: ProductNormalisation.description(node["description"]?.stringValue),
            priceCents: ProductNormalisation.cents(fromAmount: price?["amount"]),
            currency: price?["currencyCode"]?.stringValue ?? request.input.budgetRange.currency, externalURL: url,
            imageURL: node["featuredImage"]?["url"]?.stringValue, merchantName: vendor ?? domain, location: nil,
            metadata: .object(metadata))
    }
}
