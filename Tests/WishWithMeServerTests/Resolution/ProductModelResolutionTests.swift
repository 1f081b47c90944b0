import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Hummingbird
import NIOCore
import Testing

@testable import WishWithMeServer

/// The optional language model of item resolution (spec §6.2 steps 3–5) end to end: a fake
/// OpenAI-compatible API on loopback answers for a shop page without structured data.
@Suite struct ProductModelResolutionTests {
    /// What the fake model API received.
    actor Recorder {
        private(set) var bodies: [JSONValue] = []
        private(set) var authorizations: [String?] = []

        func record(_ body: JSONValue, authorization: String?) {
            bodies.append(body)
            authorizations.append(authorization)
        }
    }

    /// Serves `POST /v1/chat/completions` answering `content`, runs `body` with the base URL.
    static func withFakeModel<T: Sendable>(
        answering content: String, recorder: Recorder, _ body: @Sendable (_ baseURL: String) async throws -> T
    ) async throws -> T {
        let router = Router()
        router.post("v1/chat/completions") { request, _ in
            let bytes = try await request.body.collect(upTo: 4 * 1024 * 1024)
            let json = (try? JSONParser().parse(bytes.readableBytesView)) ?? .null
            await recorder.record(json, authorization: request.headers[.authorization])
            let completion: JSONValue = [
                "id": "chatcmpl-1", "object": "chat.completion",
                "choices": [["index": 0, "message": ["role": "assistant", "content": .string(content)], "finish_reason": "stop"]],
            ]
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: completion.serialized())))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)/v1") }
    }

    static func settings(baseURL: String) -> WishWithMeSettings {
        var settings = WishWithMeSettings()
        settings.llm = ProductModelSettings(baseURL: baseURL, model: "test-model", apiKey: "test-key")
        return settings
    }

    /// A product page with no title, meta tags, JSON-LD or microdata.
    static let plainPage = Array(
        """
        <!doctype html><html><body><div class="product">
        <h1>Walnut Desk Organizer</h1>
        <p class="price">2 990 ₽</p>
        <img src="/cdn/organizer.jpg" width="800"><img src="/cdn/logo.png">
        <script>console.log("analytics")</script>
        </div></body></html>
        """.utf8)

    @Test(arguments: TestEngine.available)
    func aPageWithoutStructuredDataIsResolvedByTheModel(engine: TestEngine) async throws {
        let recorder = Recorder()
        try await FakeShop.run(pages: ["products/organizer": Self.plainPage]) { shop in
            let answer = """
                {"title": "Walnut Desk Organizer", "description": "A desk organizer of walnut wood.", "price_amount": 2990,
                 "price_currency": "RUB", "image_url": "\(shop.origin)/cdn/organizer.jpg", "canonical_url": null, "confidence": 0.85}
                """
            try await Self.withFakeModel(answering: answer, recorder: recorder) { baseURL in
                try await TestServer.wishWithMe(
                    engine: engine, settings: Self.settings(baseURL: baseURL), configuration: ItemResolutionTests.configuration
                ) { server in
                    let item = try await RenderedPageResolutionTests.resolve("\(shop.origin)/products/organizer", on: server)
                    #expect(item["status"] == "resolved")
                    #expect(item["title"] == "Walnut Desk Organizer")
                    #expect(item["description"] == "A desk organizer of walnut wood.")
                    #expect(item["price"]?.doubleValue == 2990)
                    #expect(item["currency"] == "RUB")
                    #expect(item["image_url"] == .string("\(shop.origin)/cdn/organizer.jpg"))
                    #expect(item["image_base64"]?.stringValue?.hasPrefix("data:image/jpeg;base64,") == true)
                    #expect(item["resolve_confidence"]?.doubleValue == 0.85)
                }
            }
        }
        let body = try #require(await recorder.bodies.first)
        #expect(await recorder.authorizations.first == "Bearer test-key")
        #expect(body["model"] == "test-model")
        #expect(body["temperature"]?.doubleValue == 0)
        #expect(body["response_format"]?["type"] == "json_object")
        let message = try #require(body["messages"]?[1]?["content"]?.stringValue)
        #expect(body["messages"]?[0]?["role"] == "system" && body["messages"]?[1]?["role"] == "user")
        #expect(message.contains(#"<h1>Walnut Desk Organizer</h1>"#))
        #expect(message.contains(#"<p class="price">2 990 ₽</p>"#))
        let candidates = try #require(message.components(separatedBy: "Image candidates:").last?.components(separatedBy: "Page HTML:").first)
        #expect(candidates.contains("/cdn/organizer.jpg") && !candidates.contains("/cdn/logo.png"), "logos are no candidates")
        #expect(!message.contains("analytics"), "scripts are not shown to the model")
    }

    @Test(arguments: TestEngine.available)
    func aChallengePageIsBlockedWithoutAskingTheModel(engine: TestEngine) async throws {
        let recorder = Recorder()
        let challenge = Array(
            "<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing the shop.</body></html>".utf8)
        try await FakeShop.run(pages: ["products/guarded": challenge]) { shop in
            try await Self.withFakeModel(answering: #"{"title": "Invented"}"#, recorder: recorder) { baseURL in
                try await TestServer.wishWithMe(
                    engine: engine, settings: Self.settings(baseURL: baseURL), configuration: ItemResolutionTests.configuration
                ) { server in
                    let item = try await RenderedPageResolutionTests.resolve("\(shop.origin)/products/guarded", on: server)
                    #expect(item["status"] == "error")
                    #expect(item["resolve_error"] == "BLOCKED_OR_UNAVAILABLE")
                }
            }
        }
        #expect(await recorder.bodies.isEmpty)
    }

    @Test(arguments: TestEngine.available)
    func anAnswerThatIsNoJSONLeavesTheStructuredReading(engine: TestEngine) async throws {
        let recorder = Recorder()
        let page = Array("<html><head><title>Oak Shelf</title></head><body><h1>Oak Shelf</h1></body></html>".utf8)
        try await FakeShop.run(pages: ["products/shelf": page]) { shop in
            try await Self.withFakeModel(answering: "Sorry, I can't read that page.", recorder: recorder) { baseURL in
                try await TestServer.wishWithMe(
                    engine: engine, settings: Self.settings(baseURL: baseURL), configuration: ItemResolutionTests.configuration
                ) { server in
                    let item = try await RenderedPageResolutionTests.resolve("\(shop.origin)/products/shelf", on: server)
                    #expect(item["status"] == "resolved")
                    #expect(item["title"] == "Oak Shelf")
                    #expect(item["price"] == .null)
                }
            }
        }
        #expect(await recorder.bodies.count == 1)
    }
}
