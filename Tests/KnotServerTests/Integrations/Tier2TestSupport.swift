import AsyncHTTPClient
import HearthCore
import HearthServer
import HearthTesting
import Hummingbird
import Logging
import Synchronization

@testable import KnotServer

/// What a Tier 2 fake service saw of one request.
struct Tier2Seen: Sendable {
    var path: String
    var query: [String: String]
    /// Keyed by lowercased name.
    var headers: [String: String]
    var body: JSONValue
}

final class Tier2Recorder: Sendable {
    private let seen = Mutex<[Tier2Seen]>([])
    func record(_ entry: Tier2Seen) -> Int {
        seen.withLock {
            $0.append(entry)
            return $0.count - 1
        }
    }
    var all: [Tier2Seen] { seen.withLock { $0 } }
}

/// Records the retry waits instead of waiting.
final class Tier2Sleeps: Sendable {
    private let durations = Mutex<[Duration]>([])
    var all: [Duration] { durations.withLock { $0 } }
    var sleeper: IntegrationHTTP.Sleeper { { duration in self.durations.withLock { $0.append(duration) } } }
}

enum Tier2Fake {
    /// Serves `method path` on loopback; `answer(n)` answers the n-th call (0-based).
    static func run<T: Sendable>(
        _ method: HTTPRequest.Method = .get, path: String,
        answer: @escaping @Sendable (Int) -> (HTTPResponse.Status, JSONValue),
        _ body: @Sendable (_ baseURL: String, _ recorder: Tier2Recorder) async throws -> T
    ) async throws -> T {
        let recorder = Tier2Recorder()
        let router = Router()
        router.on(RouterPath(path), method: method) { request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let json = (try? JSONParser().parse(bytes.readableBytesView)) ?? .null
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            /// Keyed by lowercased name.
    var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
            let index = recorder.record(Tier2Seen(path: request.uri.path, query: query, headers: headers, body: json))
            let (status, value) = answer(index)
            return Response.json(value, status: status)
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)", recorder) }
    }

    static func http(sleeps: Tier2Sleeps = Tier2Sleeps()) -> IntegrationHTTP {
        IntegrationHTTP(client: .shared, logger: .quietTestLogger, sleep: sleeps.sleeper)
    }

    /// An address nothing listens on: a request there would fail, and the tests that use
    /// it check that none is made.
    static let unusedBaseURL = "http://127.0.0.1:9"
}

enum Tier2Fixtures {
    static func input(
        interests: [String] = ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"], vibes: [String] = ["romantic"],
        city: String? = "Austin", state: String? = "TX", country: String? = "US",
        budget: BudgetRange = BudgetRange(minAmount: 3000, maxAmount: 10000)
    ) -> PipelineInput {
        PipelineInput(
            vaultID: "vault-1", partnerName: "Alex", interests: interests, dislikes: [], vibes: vibes,
            primaryLoveLanguage: "quality_time", secondaryLoveLanguage: "receiving_gifts",
            location: .init(city: city, state: state, country: country), occasionType: "just_because", budgetRange: budget)
    }

    static func request(_ input: PipelineInput = input()) -> CandidateRequest {
        CandidateRequest(input: input, hints: [], makeID: CandidateIDs.sequential())
    }

    /// 2026-11-26T12:00:00Z, a Thursday.
    static let thursday = Timestamp(millisecondsSince1970: 1_795_694_400_000)
}
