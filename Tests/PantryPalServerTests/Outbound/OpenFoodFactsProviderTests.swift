import AsyncHTTPClient
import HearthCore
import NIOCore
import Testing

@testable import PantryPalServer

/// Open Food Facts v0 lookups (spec §2.3 step 2), run against a fake catalogue on loopback.
@Suite struct OpenFoodFactsProviderTests {
    static let nutella = """
        {"code":"3017620422003","status":1,"status_verbose":"product found","product":{
          "product_name":"  Nutella ","product_name_en":"Nutella EN","brands":"Ferrero",
          "generic_name":"","ingredients_text":"Sugar, palm oil, hazelnuts",
          "image_url":null,"image_front_url":"https://images.example/nutella.jpg",
          "categories_tags":["en:spreads","en:sweet-spreads"]}}
        """

    static func provider(_ upstream: FakeUpstream, timeout: TimeAmount = .seconds(5), clock: any WallClock = SystemWallClock())
        -> OpenFoodFactsProvider
    {
        OpenFoodFactsProvider(baseURL: upstream.baseURL, userAgent: "HearthTests/1.0", http: .shared, timeout: timeout, clock: clock)
    }

    @Test func aFoundProductIsMappedFieldByField() async throws {
        try await FakeUpstream.run(respond: { _ in .json(Self.nutella) }) { upstream in
            let product = try await Self.provider(upstream).lookup(upc: "3017620422003")
            #expect(
                product
                    == ProviderProduct(
                        upc: "3017620422003", name: "Nutella", brand: "Ferrero", description: "Sugar, palm oil, hazelnuts",
                        imageURL: "https://images.example/nutella.jpg", category: "spreads"))
            #expect(upstream.requests == [SeenRequest(path: "/api/v0/product/3017620422003.json", userAgent: "HearthTests/1.0")])
        }
    }

    @Test func theEnglishNameAndPrimaryFieldsAreUsedWhenPresent() async throws {
        let body = """
            {"status":1,"product":{"product_name":" ","product_name_en":"Oat Drink","generic_name":"Oat beverage",
             "ingredients_text":"Water, oats","image_url":"https://images.example/front.jpg","image_front_url":"https://images.example/other.jpg",
             "categories_tags":["fr:boissons","en:drinks"]}}
            """
        try await FakeUpstream.run(respond: { _ in .json(body) }) { upstream in
            let product = try #require(try await Self.provider(upstream).lookup(upc: "7394376616037"))
            #expect(product.name == "Oat Drink")
            #expect(product.brand == nil)
            #expect(product.description == "Oat beverage")
            #expect(product.imageURL == "https://images.example/front.jpg")
            #expect(product.category == "fr:boissons")
        }
    }

    @Test func anUnknownCodeIsNotFound() async throws {
        let unknown = #"{"code":"0000000000000","status":0,"status_verbose":"product not found"}"#
        try await FakeUpstream.run(respond: { _ in .json(unknown) }) { upstream in
            let found = try await Self.provider(upstream).lookup(upc: "0000000000000")
            #expect(found == nil)
        }
        try await FakeUpstream.run(respond: { _ in .json(unknown, status: .notFound) }) { upstream in
            let found = try await Self.provider(upstream).lookup(upc: "0000000000000")
            #expect(found == nil)
        }
    }

    @Test func aProductWithoutANameIsNotFound() async throws {
        let nameless = #"{"status":1,"product":{"product_name":"   ","brands":"Somebody"}}"#
        try await FakeUpstream.run(respond: { _ in .json(nameless) }) { upstream in
            let found = try await Self.provider(upstream).lookup(upc: "12345678")
            #expect(found == nil)
        }
    }

    @Test func aFailingCatalogueIsUnavailable() async throws {
        try await FakeUpstream.run(respond: { _ in .json(#"{"error":"down"}"#, status: .internalServerError) }) { upstream in
            await #expect(throws: ProductProviderError.self) { try await Self.provider(upstream).lookup(upc: "12345678") }
        }
        try await FakeUpstream.run(respond: { _ in .json("<html>maintenance</html>") }) { upstream in
            await #expect(throws: ProductProviderError.self) { try await Self.provider(upstream).lookup(upc: "12345678") }
        }
        try await FakeUpstream.run(respond: { _ in .json(#"["not","a","product"]"#) }) { upstream in
            await #expect(throws: ProductProviderError.self) { try await Self.provider(upstream).lookup(upc: "12345678") }
        }
    }

    @Test func aSlowCatalogueTimesOutAsUnavailable() async throws {
        // The answer would come, and parse, after 2 s: only the 300 ms limit can make this throw.
        // (No bound on elapsed time: a loaded CI machine took 1.6 s for what takes 0.3.)
        try await FakeUpstream.run(respond: { _ in FakeAnswer(body: Self.nutella, delay: .seconds(2)) }) { upstream in
            await #expect(throws: ProductProviderError.self) {
                try await Self.provider(upstream, timeout: .milliseconds(300)).lookup(upc: "3017620422003")
            }
        }
    }

    @Test func anOversizedAnswerIsUnavailable() async throws {
        let huge = #"{"status":1,"product":{"product_name":"Big","ingredients_text":""#
            + String(repeating: "x", count: OpenFoodFactsProvider.maxBodyBytes) + #""}}"#
        try await FakeUpstream.run(respond: { _ in .json(huge) }) { upstream in
            await #expect(throws: ProductProviderError.self) { try await Self.provider(upstream).lookup(upc: "12345678") }
        }
    }

    @Test(arguments: ["", "12345", "123456789012345", "12345a78", "../../admin", "1234%2F5678", "１２３４５６７８", "123 4567"])
    func anInvalidCodeIsNotFoundWithoutARequest(code: String) async throws {
        try await FakeUpstream.run(respond: { _ in .json(Self.nutella) }) { upstream in
            let found = try await Self.provider(upstream).lookup(upc: code)
            #expect(found == nil)
            #expect(upstream.requests.isEmpty)
        }
    }

    @Test func anUnknownCodeIsNotAskedForAgainForTenMinutes() async throws {
        let clock = ManualWallClock()
        try await FakeUpstream.run(respond: { _ in .json(#"{"status":0}"#) }) { upstream in
            let provider = Self.provider(upstream, clock: clock)
            let first = try await provider.lookup(upc: "40000000")
            let second = try await provider.lookup(upc: "40000000")
            #expect(first == nil && second == nil)
            #expect(upstream.requests.count == 1)
            clock.advance(seconds: 601)
            let later = try await provider.lookup(upc: "40000000")
            #expect(later == nil)
            #expect(upstream.requests.count == 2)
        }
    }

    @Test func failuresAndFoundProductsAreNotRememberedAsMissing() async throws {
        try await FakeUpstream.run(respond: { _ in .json("", status: .badGateway) }) { upstream in
            let provider = Self.provider(upstream)
            _ = try? await provider.lookup(upc: "40000000")
            _ = try? await provider.lookup(upc: "40000000")
            #expect(upstream.requests.count == 2)
        }
        try await FakeUpstream.run(respond: { _ in .json(Self.nutella) }) { upstream in
            let provider = Self.provider(upstream)
            _ = try await provider.lookup(upc: "3017620422003")
            _ = try await provider.lookup(upc: "3017620422003")
            #expect(upstream.requests.count == 2)
        }
    }

    @Test func theDisabledProviderFindsNothing() async throws {
        let found = try await NoProductProvider().lookup(upc: "3017620422003")
        #expect(found == nil)
    }
}
