import HearthCore
import Hummingbird
import Testing
import KnotRules

@testable import KnotServer

/// The PA-API client against a fake `searchitems` endpoint on loopback.
@Suite struct AmazonProductClientTests {
    static let path = "/paapi5/searchitems"
    static let secret = "fake-secret-key"
    /// 2024-01-15T09:30:00Z.
    static let now = Timestamp(millisecondsSince1970: 1_705_311_000_000)

    static func settings(base: String, tag: String? = "knot-20") -> IntegrationSettings {
        var settings = IntegrationSettings()
        settings.amazonAccessKey = "AKIDFAKE"
        settings.amazonSecretKey = secret
        settings.amazonAssociateTag = tag
        settings.amazonBaseURL = base
        return settings
    }

    static func client(base: String, sleeps: RecordedSleeps = RecordedSleeps(), itemCount: Int = 10) -> AmazonProductClient {
        AmazonProductClient(
            http: FakeService.http(sleeps: sleeps), settings: settings(base: base), itemCount: itemCount, clock: ManualWallClock(now))
    }

    static func item(
        asin: String, title: String?, url: String?, amount: JSONValue? = 29.99, features: [String] = ["Sturdy", "Light"]
    ) -> JSONValue {
        var info: [String: JSONValue] = ["Features": ["DisplayValues": .array(features.map { .string($0) })]]
        if let title { info["Title"] = ["DisplayValue": .string(title)] }
        var item: [String: JSONValue] = [
            "ASIN": .string(asin), "ItemInfo": .object(info),
            "Images": ["Primary": ["Large": ["URL": .string("https://m.media-amazon.com/\(asin).jpg")]]],
        ]
        if let url { item["DetailPageURL"] = .string(url) }
        if let amount { item["Offers"] = ["Listings": [["Price": ["Amount": amount, "Currency": "USD"]]]] }
        return .object(item)
    }

    static func answer(_ items: [JSONValue]) -> JSONValue { ["SearchResult": ["Items": .array(items)]] }

    static func route(_ answer: @escaping FakeServiceAnswer) -> [FakeServiceRoute] {
        [FakeServiceRoute(method: .post, path: path, answer: answer)]
    }

    @Test func sendsOneSignedSearchPerInterest() async throws {
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer([])) }) { base, log in
            _ = await Self.client(base: base).candidates(for: ProductFixtures.request())
            let seen = log.on(Self.path)
            #expect(seen.count == 2)
            let bodies = seen.map(\.json).sorted { ($0["Keywords"]?.stringValue ?? "") > ($1["Keywords"]?.stringValue ?? "") }
            #expect(bodies.map { $0["Keywords"] } == ["Travel", "Cooking"])
            #expect(bodies.map { $0["SearchIndex"] } == ["Luggage", "HomeAndKitchen"])
            for body in bodies {
                #expect(body["ItemCount"] == 10)
                #expect(body["PartnerTag"] == "knot-20")
                #expect(body["PartnerType"] == "Associates")
                #expect(body["Marketplace"] == "www.amazon.com")
                #expect(body["MinPrice"] == 2000)
                #expect(body["MaxPrice"] == 5000)
            }
            for request in seen {
                #expect(request.method == "POST")
                #expect(request.headers["content-encoding"] == "amz-1.0")
                #expect(request.headers["x-amz-target"] == "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.SearchItems")
                #expect(request.headers["x-amz-date"] == "20240115T093000Z")
                #expect(request.headers["host"] == String(base.dropFirst("http://".count)))
                try Self.verifySignature(request)
            }
        }
    }

    /// Recomputes the signature from what arrived, with the shared secret, as AWS would.
    static func verifySignature(_ request: FakeServiceRequest) throws {
        let authorization = try #require(request.headers["authorization"])
        let prefix = "AWS4-HMAC-SHA256 Credential=AKIDFAKE/20240115/us-east-1/ProductAdvertisingAPI/aws4_request, SignedHeaders="
        #expect(authorization.hasPrefix(prefix))
        let signedNames = try #require(authorization.dropFirst(prefix.count).split(separator: ",").first).split(separator: ";")
        #expect(signedNames == ["content-encoding", "content-type", "host", "x-amz-date", "x-amz-target"])
        let headers = try signedNames.map { name in (name: String(name), value: try #require(request.headers[String(name)])) }
        let signer = AmazonRequestSigner(accessKey: "AKIDFAKE", secretKey: secret, region: "us-east-1")
        let expected = signer.sign(
            method: request.method, path: request.path, headers: headers, payload: request.body, amzDate: "20240115T093000Z")
        #expect(authorization == expected.authorization)
    }

    @Test func itemsBecomeTaggedGifts() async throws {
        let long = String(repeating: "x", count: 400)
        let items = [
            Self.item(asin: "B001", title: "Packing Cubes", url: "https://www.amazon.com/dp/B001?psc=1", amount: 29.99),
            Self.item(asin: "B002", title: "Travel Pillow", url: "https://www.amazon.com/dp/B002", amount: 19.995, features: [long]),
            Self.item(asin: "B003", title: "Tagged", url: "https://www.amazon.com/dp/B003?tag=other-20", amount: nil, features: []),
            Self.item(asin: "B004", title: nil, url: "https://www.amazon.com/dp/B004"),
            Self.item(asin: "B005", title: "No link", url: nil),
        ]
        let input = ProductFixtures.input(interests: ["Travel"])
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer(items)) }) { base, _ in
            let candidates = await Self.client(base: base).candidates(for: ProductFixtures.request(input))
            #expect(candidates.map(\.title) == ["Packing Cubes", "Travel Pillow", "Tagged"])
            #expect(candidates.map(\.id) == ["c-1", "c-2", "c-3"])
            #expect(candidates.map(\.externalURL) == [
                "https://www.amazon.com/dp/B001?psc=1&tag=knot-20", "https://www.amazon.com/dp/B002?tag=knot-20",
                "https://www.amazon.com/dp/B003?tag=other-20",
            ])
            #expect(candidates.map(\.priceCents) == [2999, 2000, nil])
            #expect(candidates.allSatisfy { $0.source == "amazon" && $0.type == .gift && $0.merchantName == "Amazon" })
            #expect(candidates.allSatisfy { $0.matchedInterest == "Travel" && $0.currency == "USD" })
            #expect(candidates[0].description == "Sturdy Light")
            #expect(candidates[1].description?.count == 300)
            #expect(candidates[2].description == nil)
            #expect(candidates[0].imageURL == "https://m.media-amazon.com/B001.jpg")
            #expect(candidates[0].metadata["asin"] == "B001")
        }
    }

    @Test func unconfiguredMakesNoRequest() async throws {
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer([])) }) { base, log in
            for tag in [nil, ""] as [String?] {
                let client = AmazonProductClient(http: FakeService.http(), settings: Self.settings(base: base, tag: tag))
                #expect(!client.isConfigured)
                #expect(await client.candidates(for: ProductFixtures.request()).isEmpty)
            }
            var noSecret = Self.settings(base: base)
            noSecret.amazonSecretKey = nil
            let client = AmazonProductClient(http: FakeService.http(), settings: noSecret)
            #expect(await client.candidates(for: ProductFixtures.request()).isEmpty)
            #expect(log.all.isEmpty)
        }
    }

    @Test func retriesOn503And429() async throws {
        let item = Self.item(asin: "B001", title: "Cube", url: "https://www.amazon.com/dp/B001")
        let statuses: [HTTPResponse.Status] = [.serviceUnavailable, .tooManyRequests, .ok]
        try await FakeService.run(Self.route { _, n in (statuses[min(n, 2)], n >= 2 ? Self.answer([item]) : [:]) }) { base, log in
            let sleeps = RecordedSleeps()
            let candidates = await Self.client(base: base, sleeps: sleeps).candidates(for: ProductFixtures.travelRequest)
            #expect(candidates.map(\.title) == ["Cube"])
            #expect(sleeps.all == [.seconds(1), .seconds(2)])
            #expect(log.all.count == 3)
        }
    }

    @Test func givesUpAfterThreeRetries() async throws {
        try await FakeService.run(Self.route { _, _ in (.serviceUnavailable, [:]) }) { base, log in
            let sleeps = RecordedSleeps()
            let candidates = await Self.client(base: base, sleeps: sleeps).candidates(for: ProductFixtures.travelRequest)
            #expect(candidates.isEmpty)
            #expect(sleeps.all == [.seconds(1), .seconds(2), .seconds(4)])
            #expect(log.all.count == 4)
        }
    }

    @Test(arguments: [HTTPResponse.Status.badRequest, .unauthorized, .internalServerError])
    func errorsGiveNoCandidates(_ status: HTTPResponse.Status) async throws {
        try await FakeService.run(Self.route { _, _ in (status, ["Errors": [["Code": "InvalidSignature"]]]) }) { base, _ in
            #expect(await Self.client(base: base).candidates(for: ProductFixtures.request()).isEmpty)
        }
    }

    @Test func itemCountIsAtMostTen() async throws {
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer([])) }) { base, log in
            _ = await Self.client(base: base, itemCount: 50).candidates(for: ProductFixtures.travelRequest)
            #expect(log.all.first?.json["ItemCount"] == 10)
        }
    }

    @Test func baseURLDefaultsToTheHost() {
        var settings = IntegrationSettings()
        settings.amazonHost = "webservices.amazon.co.uk"
        let client = AmazonProductClient(http: FakeService.http(), settings: settings)
        #expect(client.baseURL == "https://webservices.amazon.co.uk")
        #expect(AmazonMappings.marketplace(forHost: settings.amazonHost) == "www.amazon.co.uk")
    }

    @Test func everyInterestHasASearchIndex() {
        #expect(Set(AmazonMappings.interestToSearchIndex.keys) == KnotVaultRules.interestCategorySet)
        let sports = ["Sports", "Fitness", "Yoga", "Running", "Hiking", "Cycling", "Camping", "Swimming", "Climbing"]
        #expect(sports.allSatisfy { AmazonMappings.searchIndex(for: $0) == "SportingGoods" })
        #expect(AmazonMappings.interestToSearchIndex.values.filter { $0 == "SportingGoods" }.count == 9)
        #expect(AmazonMappings.interestToSearchIndex.values.filter { $0 == "GroceryAndGourmetFood" }.count == 3)
        #expect(AmazonMappings.searchIndex(for: "Golf") == "All")
    }

    @Test(arguments: [
        ("https://a.example/p", "https://a.example/p?tag=t-20"),
        ("https://a.example/p?x=1", "https://a.example/p?x=1&tag=t-20"),
        ("https://a.example/p?", "https://a.example/p?tag=t-20"),
        ("https://a.example/p?x=1#top", "https://a.example/p?x=1&tag=t-20#top"),
        ("https://a.example/p?tag=mine", "https://a.example/p?tag=mine"),
        ("https://a.example/p?x=1&tag=mine", "https://a.example/p?x=1&tag=mine"),
        ("https://a.example/p?vintage=1", "https://a.example/p?vintage=1&tag=t-20"),
    ])
    func affiliateTag(_ url: String, expected: String) {
        #expect(AmazonMappings.withAffiliateTag(url, tag: "t-20") == expected)
    }

    @Test(arguments: [("29.99", 2999), ("19.995", 2000), ("5", 500), ("0.5", 50), (".99", 99), ("12.344", 1234)] as [(String, Int64)])
    func decimalPricesBecomeCents(_ text: String, expected: Int64) {
        #expect(ProductNormalisation.cents(fromDecimal: text) == expected)
    }

    @Test(arguments: ["", "abc", "-1.00", "1.2.3", "1e3", "."])
    func malformedPricesAreNil(_ text: String) {
        #expect(ProductNormalisation.cents(fromDecimal: text) == nil)
    }
}
