import AsyncHTTPClient
import Foundation
import HearthCore
import KnotServer
import NIOCore
import NIOHTTP1

/// The recommendation measurements behind `hearth bench knot`: `POST
/// /api/v1/recommendations/generate` over real HTTP on loopback, timed call by call.
struct KnotBenchmark {
    /// Latencies of one kind of generate call.
    struct Latency: Encodable, Sendable {
        var runs: Int
        var p50Milliseconds: Double
        var p99Milliseconds: Double
        var meanMilliseconds: Double
        var maxMilliseconds: Double
        /// Requests the fake services answered per generate call (0 when unconfigured).
        var outsideCallsPerRun: Double
        /// The `source` of every recommendation returned, with how often it came.
        var sources: [String: Int]

        init(samples: LatencySamples, outsideCalls: Int, sources: [String: Int]) {
            runs = samples.count
            p50Milliseconds = samples.percentile(0.5)
            p99Milliseconds = samples.percentile(0.99)
            meanMilliseconds = samples.count == 0 ? 0 : samples.milliseconds.reduce(0, +) / Double(samples.count)
            maxMilliseconds = samples.maximum
            outsideCallsPerRun = samples.count == 0 ? 0 : Double(outsideCalls) / Double(samples.count)
            self.sources = sources
        }

        var summary: String {
            String(format: "p50 %.1f ms, p99 %.1f ms, mean %.1f ms, max %.1f ms", p50Milliseconds, p99Milliseconds, meanMilliseconds, maxMilliseconds)
        }

        var sourceList: String {
            sources.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", ")
        }
    }

    /// Adding the hints of the large vault over HTTP.
    struct HintLoad: Encodable, Sendable {
        var hints: Int
        var seconds: Double
    }

    static let password = "bench password 1"
    /// Generate calls made before timing starts (connections, caches, the first Firecrawl scrape).
    static let warmUpRuns = 3
    /// Hint requests in flight at once while filling the large vault.
    static let hintConcurrency = 8

    /// The §5.2 example vault, moved to New York so every Tier 2 service has something to
    /// say (Firecrawl has a guide for it, Resy a page).
    static let vault: JSONValue = [
        "partner_name": "Alex",
        "relationship_tenure_months": 30,
        "cohabitation_status": "living_together",
        "location_city": "New York", "location_state": "NY", "location_country": "US",
        "interests": ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"],
        "dislikes": ["Sports", "Comedy", "Movies", "Theater", "Dancing"],
        "vibes": ["romantic", "minimalist"],
        "budgets": [
            ["occasion_type": "just_because", "min_amount": 2000, "max_amount": 5000, "currency": "USD"],
            ["occasion_type": "minor_occasion", "min_amount": 5000, "max_amount": 15000, "currency": "USD"],
            ["occasion_type": "major_milestone", "min_amount": 10000, "max_amount": 50000, "currency": "USD"],
        ],
        "love_languages": ["primary": "quality_time", "secondary": "receiving_gifts"],
        "milestones": [
            [
                "milestone_type": "birthday", "milestone_name": "Alex's Birthday", "milestone_date": "2000-03-20",
                "recurrence": "yearly", "budget_tier": nil,
            ],
            [
                "milestone_type": "holiday", "milestone_name": "Valentine's Day", "milestone_date": "2000-02-14",
                "recurrence": "yearly", "budget_tier": "major_milestone",
            ],
        ],
    ]

    let baseURL: String
    let runs: Int

    /// Runs `body` with a client of the benchmark server, shut down afterwards.
    func withCall<T: Sendable>(_ body: (PantryBenchCall) async throws -> T) async throws -> T {
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            let result = try await body(PantryBenchCall(http: http, baseURL: baseURL))
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// A new account with the example vault; its access token.
    static func account(_ call: PantryBenchCall, label: String) async throws -> String {
        let email = "bench-\(label)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signup = try await call(.POST, "/auth/v1/signup", ["email": .string(email), "password": .string(password)])
        guard signup.status == 200, let token = signup.json["access_token"]?.stringValue else {
            throw CommandError("sign-up failed (\(signup.status)): \(signup.text.prefix(300))")
        }
        let saved = try await call(.POST, "/api/v1/vault", vault, token: token)
        guard saved.status == 201 else { throw CommandError("saving the vault failed (\(saved.status)): \(saved.text.prefix(300))") }
        return token
    }

    /// `runs` timed generate calls (after the warm-up), each checked to recommend something.
    func generate(_ call: PantryBenchCall, token: String, label: String) async throws -> Latency {
        var samples = LatencySamples()
        var sources: [String: Int] = [:]
        var progress = Progress(label: "generate, \(label)", total: runs)
        var calls = 0
        for run in -Self.warmUpRuns..<runs {
            let before = KnotFakeServices.callCount
            var answer: PantryBenchCall.Answer?
            let time = try await timed {
                answer = try await call(.POST, "/api/v1/recommendations/generate", ["occasion_type": "just_because"], token: token)
            }
            guard let answer, answer.status == 200, let items = answer.json["recommendations"]?.arrayValue, !items.isEmpty else {
                throw CommandError("generate failed (\(answer?.status ?? 0)): \(answer?.text.prefix(300) ?? "")")
            }
            guard run >= 0 else { continue }
            calls += KnotFakeServices.callCount - before
            samples.add(time)
            for item in items { sources[item["source"]?.stringValue ?? "?", default: 0] += 1 }
            progress.update(run + 1)
        }
        return Latency(samples: samples, outsideCalls: calls, sources: sources)
    }

    /// Adds `count` hints to the vault of `token`, a few requests at a time, and checks
    /// the vault then holds them all.
    func addHints(_ call: PantryBenchCall, token: String, count: Int) async throws -> HintLoad {
        var progress = Progress(label: "adding hints", total: count)
        let time = try await timed {
            var next = 0
            while next < count {
                let batch = next..<min(next + Self.hintConcurrency, count)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for number in batch {
                        group.addTask {
                            let answer = try await call(.POST, "/api/v1/hints", ["hint_text": .string(Self.hint(number))], token: token)
                            guard answer.status == 201 else {
                                throw CommandError("adding hint \(number) failed (\(answer.status)): \(answer.text.prefix(300))")
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                next = batch.upperBound
                progress.update(next)
            }
        }
        let total = try await call(.GET, "/api/v1/hints?limit=1", token: token).json["total"]?.intValue ?? -1
        guard total == count else { throw CommandError("the vault holds \(total) hints, not \(count)") }
        return HintLoad(hints: count, seconds: time.seconds)
    }

    /// Hint `number`: varied wording, so the hashed embeddings differ.
    static func hint(_ number: Int) -> String {
        let things = [
            "ceramic mugs", "a weekend in Lisbon", "handmade pasta", "jazz records", "a pottery class", "rare orchids",
            "noise-cancelling headphones", "a cookbook from Oaxaca", "silk scarves", "board game nights", "sunrise hikes",
            "vintage film cameras", "a tasting menu", "linen bedding", "a rooftop dinner", "herb gardens", "fountain pens",
        ]
        let openings = [
            "Mentioned wanting", "Keeps looking at", "Said they would love", "Was excited about", "Asked friends about",
            "Bookmarked", "Talked for ages about", "Would never buy themselves",
        ]
        let places = ["after dinner", "on the phone with their sister", "while we walked home", "at the market", "last weekend", "on our trip"]
        return "\(openings[number % openings.count]) \(things[(number / openings.count) % things.count]) "
            + "\(places[(number / 7) % places.count]) (note \(number))"
    }
}
