import Foundation
import HearthCore
import HearthServer
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Stand-ins for every outside service Knot's recommendation engine calls (spec §10), on
/// one loopback port, each answering at once with a small canned answer in the shape its
/// client reads: Yelp, Ticketmaster, Amazon PA-API, a Shopify store, Firecrawl (Tier 2)
/// and Brave search with the Anthropic Messages API (Tier 1). Nothing is checked; the
/// point is the engine's own cost with all of them answering.
enum KnotFakeServices {
    struct DidNotStart: Error {}

    /// Serves the fakes until `body` returns, then stops gracefully; `body` gets the base
    /// URL (`http://127.0.0.1:<port>`).
    static func run<T: Sendable>(logger: Logger, _ body: @Sendable (_ baseURL: String) async throws -> T) async throws -> T {
        var quiet = logger
        quiet.logLevel = .error
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: quiet)
        let group = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: quiet)
        let running = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = try await running.value
            throw DidNotStart()
        }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body("http://127.0.0.1:\(port)"))
        } catch {
            outcome = .failure(error)
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        return try outcome.get()
    }

    /// Every answer carries a serial number, so links stay distinct across calls and the
    /// engine's deduplication by URL does not shrink the candidate lists.
    private static let serial = Atomic<Int>(0)

    private static let calls = Atomic<Int>(0)

    private static func next() -> Int { serial.add(1, ordering: .relaxed).newValue }

    /// Requests the fakes have answered so far (all services together).
    static var callCount: Int { calls.load(ordering: .relaxed) }

    private static func answer(_ value: JSONValue) -> Response {
        calls.add(1, ordering: .relaxed)
        return Response.json(value)
    }

    static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/v3/businesses/search") { _, _ in answer(yelp(next())) }
        router.get("/discovery/v2/events.json") { _, _ in answer(ticketmaster(next())) }
        router.post("/paapi5/searchitems") { request, _ in
            let keywords = try await json(request)["Keywords"]?.stringValue ?? "gift"
            return answer(amazon(keywords: keywords, serial: next()))
        }
        router.post("/api/*/graphql.json") { request, _ in
            let query = try await json(request)["variables"]?["query"]?.stringValue ?? "gift"
            return answer(shopify(query: query, serial: next()))
        }
        router.post("/v1/scrape") { _, _ in answer(["success": true, "data": ["markdown": .string(guide)]]) }
        router.get("/res/v1/web/search") { request, _ in
            answer(brave(query: request.uri.queryParameters.get("q") ?? "ideas", serial: next()))
        }
        router.post("/v1/messages") { request, _ in
            let prompt = try await json(request)["messages"]?[0]?["content"]?.stringValue ?? ""
            return answer(anthropic(prompt: prompt))
        }
        return router
    }

    private static func json(_ request: Request) async throws -> JSONValue {
        let bytes = try await request.body.collect(upTo: 1 << 20)
        return (try? JSONParser().parse(bytes.readableBytesView)) ?? .null
    }

    // MARK: Tier 2

    static func yelp(_ serial: Int) -> JSONValue {
        let places: [(String, String, String)] = [
            ("Candlelight Wine Bar", "wine_bars", "$$"), ("Quiet Courtyard Bistro", "bistros", "$$"),
            ("Harbor Spa", "spas", "$$$"), ("Rooftop Cocktail Lounge", "cocktailbars", "$$"), ("Vineyard Tasting Room", "wineries", "$"),
        ]
        return [
            "businesses": .array(
                places.enumerated().map { index, place in
                    [
                        "id": .string("yelp-\(serial)-\(index)"), "name": .string("\(place.0) \(serial)"),
                        "url": .string("https://www.yelp.com/biz/bench-\(serial)-\(index)"), "image_url": "https://img.example/yelp.jpg",
                        "rating": 4.5, "review_count": 120, "price": .string(place.2),
                        "categories": [["alias": .string(place.1), "title": .string(place.1.capitalized)]],
                        "location": ["city": "New York", "state": "NY", "country": "US", "display_address": ["1 Main St", "New York, NY"]],
                    ]
                })
        ]
    }

    static func ticketmaster(_ serial: Int) -> JSONValue {
        let names = ["Jazz Night at the Vanguard", "Symphony Under the Stars", "Indie Rock Showcase", "Chamber Music Evening"]
        return [
            "_embedded": [
                "events": .array(
                    names.enumerated().map { index, name in
                        [
                            "id": .string("tm-\(serial)-\(index)"), "name": .string("\(name) \(serial)"),
                            "url": .string("https://www.ticketmaster.com/event/bench-\(serial)-\(index)"),
                            "dates": ["status": ["code": "onsale"], "start": ["localDate": "2026-12-05"]],
                            "priceRanges": [["min": 20.0, "max": 50.5, "currency": "USD"]],
                            "images": [["ratio": "16_9", "width": 1024, "url": "https://img.example/wide.jpg"]],
                            "classifications": [
                                ["segment": ["id": "KZFzniwnSyZfZ7v7nJ", "name": "Music"], "genre": ["id": "KnvZfZ7vAeA", "name": "Jazz"]]
                            ],
                            "_embedded": [
                                "venues": [
                                    [
                                        "name": .string("Hall \(serial)-\(index)"), "city": ["name": "New York"], "state": ["stateCode": "NY"],
                                        "country": ["countryCode": "US"], "address": ["line1": "1 Music Way"],
                                    ]
                                ]
                            ],
                        ]
                    })
            ]
        ]
    }

    static func amazon(keywords: String, serial: Int) -> JSONValue {
        [
            "SearchResult": [
                "Items": .array(
                    (0..<3).map { index in
                        [
                            "ASIN": .string("B0BENCH\(serial)\(index)"),
                            "DetailPageURL": .string("https://www.amazon.com/dp/B0BENCH\(serial)\(index)"),
                            "ItemInfo": [
                                "Title": ["DisplayValue": .string("\(keywords) starter set no. \(index + 1)")],
                                "Features": ["DisplayValues": ["Thoughtfully made.", "Ships in a gift box."]],
                                "ByLineInfo": ["Brand": ["DisplayValue": "Bench Goods"]],
                            ],
                            "Offers": ["Listings": [["Price": ["Amount": .double(24.99 + Double(index) * 5), "Currency": "USD"]]]],
                            "Images": ["Primary": ["Large": ["URL": "https://img.example/amazon.jpg"]]],
                        ]
                    })
            ]
        ]
    }

    static func shopify(query: String, serial: Int) -> JSONValue {
        [
            "data": [
                "products": [
                    "edges": .array(
                        (0..<3).map { index in
                            [
                                "node": [
                                    "id": .string("gid://shopify/Product/\(serial)\(index)"),
                                    "title": .string("Handmade \(query) keepsake \(index + 1)"),
                                    "handle": .string("bench-\(serial)-\(index)"), "description": "Made by hand in small batches.",
                                    "onlineStoreUrl": .null, "availableForSale": true, "vendor": "Bench Studio",
                                    "priceRange": ["minVariantPrice": ["amount": .string("\(29 + index * 4).00"), "currencyCode": "USD"]],
                                    "featuredImage": ["url": "https://img.example/shopify.jpg"],
                                ]
                            ]
                        })
                ]
            ]
        ]
    }

    static let guide = """
        # Date ideas in New York

        ## 1. Le Bernardin
        A celebrated seafood tasting menu restaurant. Book weeks ahead.

        ## The Frick Collection
        An intimate museum of old masters. Quiet on weekday mornings.

        **Bemelmans Bar** — A storied cocktail bar with live piano. Dress up.

        1. [Comedy Cellar](https://comedycellar.com) — Late-night stand-up in a basement club. Arrive early.
        2. [Brooklyn Botanic Garden](https://bbg.org) — Gardens and a conservatory. Lovely in spring.
        """

    // MARK: Tier 1

    static func brave(query: String, serial: Int) -> JSONValue {
        [
            "web": [
                "results": .array(
                    (0..<5).map { index in
                        [
                            "title": .string("\(query) — idea \(index + 1)"), "url": .string("https://ideas.example/\(serial)/\(index)"),
                            "description": "A well-reviewed pick with photos and prices.",
                        ]
                    })
            ]
        ]
    }

    /// One idea per `URL:` line of the prompt, as a fenced JSON array (the model's usual answer).
    static func anthropic(prompt: String) -> JSONValue {
        let urls = prompt.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("URL: ") ? String(trimmed.dropFirst(5)) : nil
        }
        let ideas: [JSONValue] = urls.enumerated().map { index, url in
            [
                "title": .string("Thoughtful pick \(url.split(separator: "/").suffix(2).joined(separator: "-"))"),
                "description": "A lovely idea for a romantic evening.", "price_cents": .int(Int64(2500 + index * 400)),
                "url": .string(url), "type": index % 2 == 0 ? "gift" : "experience", "merchant_name": .string("Shop \(index)"),
                "image_url": .null, "matched_interest": "Travel", "matched_vibe": "romantic",
            ]
        }
        let text = "Here are some ideas:\n```json\n\(JSONValue.array(ideas).serializedString())\n```"
        return ["id": "msg_bench", "type": "message", "role": "assistant", "content": [["type": "text", "text": .string(text)]]]
    }
}
