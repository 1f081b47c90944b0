import HearthCore

/// Amazon's Product Advertising API 5.0 `SearchItems` (spec §10.1, §10.2): one signed
/// search per vault interest in that interest's search index, results as gifts with the
/// affiliate tag on every link.
///
/// Unconfigured (no access key, secret or associate tag) → `[]` without a request. PA-API
/// throttles with 429 and, under load, 503; both are retried.
struct AmazonProductClient: CandidateProvider {
    static let path = "/paapi5/searchitems"
    static let target = "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.SearchItems"
    static let maxItemCount = 10
    static let retryStatuses: Set<Int> = [429, 503]
    /// The parts of an item the normalisation reads.
    static let resources = [
        "Images.Primary.Large", "ItemInfo.Title", "ItemInfo.Features", "ItemInfo.ByLineInfo", "Offers.Listings.Price",
    ]

    let source = "amazon"
    let http: IntegrationHTTP
    let credentials: (accessKey: String, secretKey: String, tag: String)?
    let host: String
    let region: String
    let baseURL: String
    let itemCount: Int
    let clock: any WallClock

    /// - Parameter itemCount: results asked per interest, clamped to 1…10.
    init(http: IntegrationHTTP, settings: IntegrationSettings, itemCount: Int = 10, clock: any WallClock = SystemWallClock()) {
        self.http = http
        if let access = settings.amazonAccessKey, !access.isEmpty, let secret = settings.amazonSecretKey, !secret.isEmpty,
            let tag = settings.amazonAssociateTag, !tag.isEmpty
        {
            credentials = (access, secret, tag)
        } else {
            credentials = nil
        }
        host = settings.amazonHost
        region = settings.amazonRegion
        var base = settings.amazonBaseURL ?? "https://" + settings.amazonHost
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base
        self.itemCount = min(max(itemCount, 1), Self.maxItemCount)
        self.clock = clock
    }

    var isConfigured: Bool { credentials != nil }

    func candidates(for request: CandidateRequest) async -> [Candidate] {
        guard let credentials else { return [] }
        let interests = request.input.interests
        let answers = await ConcurrentWork.inOrder(interests) { interest in
            let call = self.searchRequest(
                keywords: interest, searchIndex: AmazonMappings.searchIndex(for: interest), budget: request.input.budgetRange,
                credentials: credentials)
            return await self.http.json(call, service: self.source, retryOn: Self.retryStatuses)
        }
        var seen = Set<String>()
        var result: [Candidate] = []
        for (interest, answer) in zip(interests, answers) {
            for item in answer?["SearchResult"]?["Items"]?.arrayValue ?? [] {
                guard var candidate = Self.candidate(from: item, interest: interest, tag: credentials.tag, request: request),
                    seen.insert(candidate.externalURL).inserted
                else { continue }
                candidate.id = request.makeID()
                result.append(candidate)
            }
        }
        return result
    }

    /// The signed `POST {base}/paapi5/searchitems`.
    func searchRequest(
        keywords: String, searchIndex: String, budget: BudgetRange, credentials: (accessKey: String, secretKey: String, tag: String)
    ) -> IntegrationHTTP.Request {
        let body: JSONValue = [
            "Keywords": .string(keywords),
            "SearchIndex": .string(searchIndex),
            "ItemCount": .int(Int64(itemCount)),
            "PartnerTag": .string(credentials.tag),
            "PartnerType": "Associates",
            "Marketplace": .string(AmazonMappings.marketplace(forHost: host)),
            "Resources": .array(Self.resources.map { .string($0) }),
            // PA-API prices are in the lowest denomination, like the budget.
            "MinPrice": .int(budget.minAmount),
            "MaxPrice": .int(budget.maxAmount),
        ]
        let payload = body.serialized()
        let amzDate = AmazonRequestSigner.amzDate(clock.now)
        var headers: [(name: String, value: String)] = [
            ("content-encoding", "amz-1.0"),
            ("content-type", "application/json; charset=utf-8"),
            ("host", Self.authority(of: baseURL)),
            ("x-amz-date", amzDate),
            ("x-amz-target", Self.target),
        ]
        let signer = AmazonRequestSigner(accessKey: credentials.accessKey, secretKey: credentials.secretKey, region: region)
        let signature = signer.sign(method: "POST", path: Self.path, headers: headers, payload: payload, amzDate: amzDate)
        headers.append(("Authorization", signature.authorization))
        return IntegrationHTTP.Request(method: .POST, url: baseURL + Self.path, headers: headers, body: payload)
    }

    /// `host[:port]` of a base URL: the `Host` header sent, and so the one signed.
    static func authority(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }).lowercased()
    }

    /// An item as a gift candidate (id left empty); `nil` without a title or a link.
    static func candidate(from item: JSONValue, interest: String, tag: String, request: CandidateRequest) -> Candidate? {
        guard let title = item["ItemInfo"]?["Title"]?["DisplayValue"]?.stringValue, !title.isEmpty,
            let url = item["DetailPageURL"]?.stringValue, url.hasPrefix("https://") || url.hasPrefix("http://")
        else { return nil }
        let features = (item["ItemInfo"]?["Features"]?["DisplayValues"]?.arrayValue ?? []).compactMap(\.stringValue)
        let price = item["Offers"]?["Listings"]?[0]?["Price"]
        let primary = item["Images"]?["Primary"]
        let image = primary?["Large"]?["URL"]?.stringValue ?? primary?["Medium"]?["URL"]?.stringValue
        var metadata: [String: JSONValue] = ["matched_interest": .string(interest)]
        if let asin = item["ASIN"]?.stringValue { metadata["asin"] = .string(asin) }
        if let brand = item["ItemInfo"]?["ByLineInfo"]?["Brand"]?["DisplayValue"]?.stringValue { metadata["brand"] = .string(brand) }
        return Candidate(
            id: "", source: "amazon", type: .gift, title: title,
            description: ProductNormalisation.description(features.isEmpty ? nil : features.joined(separator: " ")),
            priceCents: ProductNormalisation.cents(fromAmount: price?["Amount"]),
            currency: price?["Currency"]?.stringValue ?? request.input.budgetRange.currency,
            externalURL: AmazonMappings.withAffiliateTag(url, tag: tag), imageURL: image, merchantName: "Amazon", location: nil,
            metadata: .object(metadata))
    }
}
