import HearthCore
import Hummingbird
import Testing

@testable import KnotServer

/// The Storefront GraphQL client against a fake store on loopback.
@Suite struct ShopifyStorefrontClientTests {
    static let path = "/api/2024-01/graphql.json"

    static func settings(domain: String?, token: String? = "storefront-token") -> IntegrationSettings {
        var settings = IntegrationSettings()
        settings.shopifyStorefrontToken = token
        settings.shopifyStoreDomain = domain
        settings.shopifyScheme = "http"
        return settings
    }

    /// The fake's `host:port`, given as the store domain the way an operator might write it.
    static func client(
        base: String, domainFormat: (String) -> String = { $0 }, sleeps: RecordedSleeps = RecordedSleeps()
    ) -> ShopifyStorefrontClient {
        let domain = domainFormat(String(base.dropFirst("http://".count)))
        return ShopifyStorefrontClient(http: FakeService.http(sleeps: sleeps), settings: settings(domain: domain))
    }

    static func product(
        _ title: String, handle: String, price: String = "25.00", available: Bool? = true, online: String? = nil,
        description: String = "A nice thing"
    ) -> JSONValue {
        var node: [String: JSONValue] = [
            "id": .string("gid://shopify/Product/\(handle)"), "title": .string(title), "handle": .string(handle),
            "description": .string(description), "vendor": "Acme",
            "priceRange": ["minVariantPrice": ["amount": .string(price), "currencyCode": "CAD"]],
            "featuredImage": ["url": .string("https://cdn.shopify.com/\(handle).jpg")],
        ]
        if let available { node["availableForSale"] = .bool(available) }
        node["onlineStoreUrl"] = online.map { .string($0) } ?? .null
        return .object(node)
    }

    static func answer(_ products: [JSONValue]) -> JSONValue {
        ["data": ["products": ["edges": .array(products.map { ["node": $0] })]]]
    }

    static func route(_ answer: @escaping FakeServiceAnswer) -> [FakeServiceRoute] {
        [FakeServiceRoute(method: .post, path: path, answer: answer)]
    }

    @Test func postsTheQueryPerInterestWithTheToken() async throws {
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer([])) }) { base, log in
            _ = await Self.client(base: base).candidates(for: ProductFixtures.request())
            let seen = log.on(Self.path)
            #expect(seen.count == 2)
            #expect(seen.allSatisfy { $0.headers["x-shopify-storefront-access-token"] == "storefront-token" })
            #expect(seen.allSatisfy { $0.headers["content-type"] == "application/json" })
            #expect(Set(seen.map { $0.json["variables"]?["query"] }) == ["Travel", "Cooking"])
            #expect(seen.allSatisfy { $0.json["variables"]?["first"] == 5 })
            #expect(seen.allSatisfy { $0.json["query"]?.stringValue?.contains("products(first: $first, query: $query)") == true })
        }
    }

    @Test func productsBecomeGifts() async throws {
        let products = [
            Self.product("Map Print", handle: "map-print", price: "24.995", online: "https://shop.example/products/map-print-1"),
            Self.product("Sold Out", handle: "sold-out", available: false),
            Self.product("Globe", handle: "globe", price: "30", available: nil, description: String(repeating: "g", count: 350)),
        ]
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer(products)) }) { base, _ in
            let domain = String(base.dropFirst("http://".count))
            let input = ProductFixtures.input(interests: ["Travel"])
            let candidates = await Self.client(base: base).candidates(for: ProductFixtures.request(input))
            #expect(candidates.map(\.title) == ["Map Print", "Globe"])
            #expect(candidates.map(\.priceCents) == [2500, 3000])
            #expect(candidates.map(\.externalURL) == ["https://shop.example/products/map-print-1", "https://\(domain)/products/globe"])
            #expect(candidates.map(\.id) == ["c-1", "c-2"])
            #expect(candidates[1].description?.count == 300)
            #expect(candidates.allSatisfy { $0.source == "shopify" && $0.type == .gift && $0.currency == "CAD" })
            #expect(candidates.allSatisfy { $0.merchantName == "Acme" && $0.matchedInterest == "Travel" })
            #expect(candidates[0].imageURL == "https://cdn.shopify.com/map-print.jpg")
        }
    }

    @Test(arguments: [" http://%@/ ", "HTTPS://%@//", "%@\n"])
    func theDomainIsNormalised(_ format: String) async throws {
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer([Self.product("Globe", handle: "globe")])) }) { base, log in
            let client = Self.client(base: base, domainFormat: { format.replacingOccurrences(of: "%@", with: $0) })
            let candidates = await client.candidates(for: ProductFixtures.travelRequest)
            #expect(log.all.count == 1)
            #expect(candidates.first?.externalURL == "https://\(base.dropFirst("http://".count))/products/globe")
        }
    }

    @Test func graphQLErrorsInA200GiveNothing() async throws {
        let answer: JSONValue = [
            "data": ["products": ["edges": [["node": Self.product("Globe", handle: "globe")]]]],
            "errors": [["message": "Throttled"]],
        ]
        try await FakeService.run(Self.route { _, _ in (.ok, answer) }) { base, _ in
            #expect(await Self.client(base: base).candidates(for: ProductFixtures.request()).isEmpty)
        }
    }

    @Test func bothTokenAndDomainAreRequired() async throws {
        try await FakeService.run(Self.route { _, _ in (.ok, Self.answer([])) }) { base, log in
            let domain = String(base.dropFirst("http://".count))
            for settings in [
                Self.settings(domain: domain, token: nil), Self.settings(domain: domain, token: ""), Self.settings(domain: nil),
                Self.settings(domain: " / "),
            ] {
                let client = ShopifyStorefrontClient(http: FakeService.http(), settings: settings)
                #expect(!client.isConfigured)
                #expect(await client.candidates(for: ProductFixtures.request()).isEmpty)
            }
            #expect(log.all.isEmpty)
        }
    }

    @Test func retriesOn429Only() async throws {
        let statuses: [HTTPResponse.Status] = [.tooManyRequests, .ok]
        let globe = Self.answer([Self.product("Globe", handle: "globe")])
        try await FakeService.run(Self.route { _, n in (statuses[min(n, 1)], globe) }) { base, _ in
            let sleeps = RecordedSleeps()
            let candidates = await Self.client(base: base, sleeps: sleeps).candidates(for: ProductFixtures.travelRequest)
            #expect(candidates.count == 1)
            #expect(sleeps.all == [.seconds(1)])
        }
        try await FakeService.run(Self.route { _, _ in (.serviceUnavailable, [:]) }) { base, log in
            let sleeps = RecordedSleeps()
            #expect(await Self.client(base: base, sleeps: sleeps).candidates(for: ProductFixtures.travelRequest).isEmpty)
            #expect(sleeps.all.isEmpty)
            #expect(log.all.count == 1)
        }
    }
}
