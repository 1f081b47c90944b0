import AsyncHTTPClient
import HearthCore
import HearthServer
import HearthTesting
import Hummingbird
import Logging
import Synchronization

@testable import KnotServer

/// What a fake outside service saw of one request, raw enough to re-check a signature.
struct FakeServiceRequest: Sendable {
    var method: String
    var path: String
    var query: [String: String]
    /// Lowercased names; repeated headers joined with `,`.
    var headers: [String: String]
    var body: [UInt8]

    var json: JSONValue { (try? JSONParser().parse(body)) ?? .null }
}

/// Answers a fake's n-th call (0-based) of one route.
typealias FakeServiceAnswer = @Sendable (FakeServiceRequest, Int) async -> (HTTPResponse.Status, JSONValue)

struct FakeServiceRoute: Sendable {
    var method: HTTPRequest.Method
    var path: String
    var answer: FakeServiceAnswer
}

final class FakeServiceLog: Sendable {
    private let requests = Mutex<[FakeServiceRequest]>([])

    /// Records `request` and returns how many calls its path had before.
    func record(_ request: FakeServiceRequest) -> Int {
        requests.withLock { all in
            let earlier = all.filter { $0.path == request.path }.count
            all.append(request)
            return earlier
        }
    }

    var all: [FakeServiceRequest] { requests.withLock { $0 } }
    func on(_ path: String) -> [FakeServiceRequest] { all.filter { $0.path == path } }
}

/// Records retry waits instead of waiting.
final class RecordedSleeps: Sendable {
    private let durations = Mutex<[Duration]>([])
    var all: [Duration] { durations.withLock { $0 } }
    var sleeper: IntegrationHTTP.Sleeper { { duration in self.durations.withLock { $0.append(duration) } } }
}

enum FakeService {
    /// Serves `routes` on loopback for the duration of `body`, which gets the base URL.
    static func run<T: Sendable>(
        _ routes: [FakeServiceRoute], _ body: @Sendable (_ baseURL: String, _ log: FakeServiceLog) async throws -> T
    ) async throws -> T {
        let log = FakeServiceLog()
        let router = Router()
        for route in routes {
            router.on(RouterPath(route.path), method: route.method) { request, _ -> Response in
                let bytes = try await request.body.collect(upTo: 1 << 20)
                var query: [String: String] = [:]
                for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
                var headers: [String: String] = [:]
                for field in request.headers {
                    let name = field.name.canonicalName.lowercased()
                    headers[name] = headers[name].map { "\($0),\(field.value)" } ?? field.value
                }
                // HTTP/1's Host header arrives as the `:authority` pseudo-header.
                if headers["host"] == nil { headers["host"] = request.head.authority }
                let seen = FakeServiceRequest(
                    method: request.method.rawValue, path: request.uri.path, query: query, headers: headers,
                    body: Array(bytes.readableBytesView))
                let index = log.record(seen)
                let (status, value) = await route.answer(seen, index)
                return Response.json(value, status: status)
            }
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)", log) }
    }

    static func http(sleeps: RecordedSleeps = RecordedSleeps()) -> IntegrationHTTP {
        IntegrationHTTP(client: .shared, logger: .quietTestLogger, sleep: sleeps.sleeper)
    }

    /// Nothing listens here; tests that use it check that no request is made at all.
    static let deadBaseURL = "http://127.0.0.1:9"
}

enum ProductFixtures {
    static func input(
        interests: [String] = ["Travel", "Cooking"], vibes: [String] = ["romantic"], city: String? = "Austin",
        budget: BudgetRange = BudgetRange(minAmount: 2000, maxAmount: 5000), milestone: PipelineInput.Milestone? = nil
    ) -> PipelineInput {
        PipelineInput(
            vaultID: "vault-1", partnerName: "Alex", interests: interests, dislikes: ["Sports"], vibes: vibes,
            primaryLoveLanguage: "quality_time", secondaryLoveLanguage: "receiving_gifts",
            location: .init(city: city, state: city == nil ? nil : "TX", country: city == nil ? nil : "US"),
            occasionType: "just_because", milestone: milestone, budgetRange: budget)
    }

    static func request(_ input: PipelineInput = input(), hints: [RankedHint] = []) -> CandidateRequest {
        CandidateRequest(input: input, hints: hints, makeID: CandidateIDs.sequential())
    }

    /// A request for a vault whose only interest is Travel: one call per provider.
    static var travelRequest: CandidateRequest { request(input(interests: ["Travel"])) }

    static func hint(_ text: String) -> RankedHint {
        RankedHint(
            hint: StoredHint(
                id: "h-\(text.count)", hintText: text, source: "text_input", isUsed: false,
                createdAt: Timestamp(millisecondsSince1970: 0)),
            similarity: 0.9)
    }
}
