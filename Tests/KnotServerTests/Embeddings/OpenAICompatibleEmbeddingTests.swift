import AsyncHTTPClient
import HearthCore
import HearthTesting
import Hummingbird
import Logging
import Synchronization
import Testing

@testable import KnotServer

/// The OpenAI-compatible provider against a fake embeddings server on loopback.
@Suite struct OpenAICompatibleEmbeddingTests {
    /// What the fake saw of one request.
    struct Seen: Sendable {
        var path: String
        var authorization: String?
        var body: JSONValue
    }

    final class Recorder: Sendable {
        private let seen = Mutex<[Seen]>([])
        func record(_ entry: Seen) { seen.withLock { $0.append(entry) } }
        var all: [Seen] { seen.withLock { $0 } }
    }

    /// Serves `POST /v1/embeddings` with `answer(input)` (status, body) after `delay`.
    static func withFake<T: Sendable>(
        delay: Duration = .zero, answer: @escaping @Sendable (String) -> (HTTPResponse.Status, JSONValue),
        _ body: @Sendable (_ baseURL: String, _ recorder: Recorder) async throws -> T
    ) async throws -> T {
        let recorder = Recorder()
        let router = Router()
        router.post("v1/embeddings") { request, _ -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let json = (try? JSONParser().parse(bytes.readableBytesView)) ?? .null
            recorder.record(Seen(path: request.uri.path, authorization: request.headers[.authorization], body: json))
            if delay > .zero { try await Task.sleep(for: delay) }
            let (status, answer) = answer(json["input"]?.stringValue ?? "")
            return Response.json(answer, status: status)
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)/v1/", recorder) }
    }

    static func embeddingAnswer(_ count: Int, value: Double = 0.5) -> JSONValue {
        [
            "object": "list",
            "data": [["object": "embedding", "index": 0, "embedding": .array(Array(repeating: .double(value), count: count))]],
            "model": "m",
        ]
    }

    static func provider(_ base: String, key: String? = "sk-test", timeout: Duration = .seconds(10)) -> OpenAICompatibleEmbeddingProvider {
        OpenAICompatibleEmbeddingProvider(
            baseURL: base, model: "text-embed-x", apiKey: key, http: .shared, timeout: timeout, logger: .quietTestLogger)
    }

    @Test func postsModelInputAndDimensionsWithTheBearerKeyAndReturnsTheVector() async throws {
        try await Self.withFake(answer: { _ in (.ok, Self.embeddingAnswer(768, value: 0.25)) }) { base, recorder in
            let vector = try #require(await Self.provider(base).embed("new running shoes"))
            #expect(vector.count == 768)
            #expect(vector.allSatisfy { $0 == 0.25 })
            let seen = try #require(recorder.all.first)
            #expect(seen.path == "/v1/embeddings")
            #expect(seen.authorization == "Bearer sk-test")
            #expect(seen.body == ["model": "text-embed-x", "input": "new running shoes", "dimensions": 768])
            #expect(Self.provider(base).modelID == "openai-compatible:text-embed-x")
        }
    }

    @Test func withoutAKeyNoAuthorizationIsSent() async throws {
        try await Self.withFake(answer: { _ in (.ok, Self.embeddingAnswer(768)) }) { base, recorder in
            #expect(await Self.provider(base, key: nil).embed("x") != nil)
            #expect(recorder.all.first?.authorization == nil)
        }
    }

    @Test(arguments: [767, 769, 0])
    func aVectorOfTheWrongDimensionIsNoVector(count: Int) async throws {
        try await Self.withFake(answer: { _ in (.ok, Self.embeddingAnswer(count)) }) { base, _ in
            #expect(await Self.provider(base).embed("x") == nil)
        }
    }

    @Test func anErrorStatusOrAMalformedBodyIsNoVector() async throws {
        try await Self.withFake(answer: { input in
            input == "error" ? (.internalServerError, ["error": "boom"]) : (.ok, ["data": [["embedding": "not numbers"]]])
        }) { base, _ in
            #expect(await Self.provider(base).embed("error") == nil)
            #expect(await Self.provider(base).embed("malformed") == nil)
        }
    }

    @Test func aServerSlowerThanTheTimeoutIsNoVector() async throws {
        try await Self.withFake(delay: .seconds(2), answer: { _ in (.ok, Self.embeddingAnswer(768)) }) { base, _ in
            #expect(await Self.provider(base, timeout: .milliseconds(200)).embed("x") == nil)
        }
    }

    @Test func anUnreachableServerIsNoVector() async {
        // Port 9 on loopback (discard) has no listener in the test environment.
        #expect(await Self.provider("http://127.0.0.1:9", timeout: .seconds(2)).embed("x") == nil)
    }

    @Test func settingsSelectTheProvider() {
        var settings = KnotSettings()
        #expect(EmbeddingProviders.make(settings: settings, logger: .quietTestLogger).modelID == "local-hash-bow-v1")
        settings.embeddingProvider = "openai"
        settings.embeddingBaseURL = "http://127.0.0.1:1/v1"
        settings.embeddingModel = "m"
        #expect(EmbeddingProviders.make(settings: settings, logger: .quietTestLogger).modelID == "openai-compatible:m")
    }
}
