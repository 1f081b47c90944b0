import HearthCore
import HearthTesting
import Hummingbird
import Testing

@testable import KnotServer

/// `/api/v1/hints` over HTTP on both engines (spec §5.3, §13 cases 9–11).
@Suite struct HintRouteTests {
    // Case 9.
    @Test(arguments: TestEngine.available)
    func hintTextIsTrimmedAndLimitedTo500ScalarsAndSourceIsChecked(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("hints@example.com")
            _ = try await server.createVault(user)
            for (body, field) in [
                (["hint_text": "   "], "hint_text"), (["hint_text": .string(String(repeating: "a", count: 501))], "hint_text"),
                (["hint_text": "ok", "source": "email"], "source"), ([:], "hint_text"), (["hint_text": 42], "hint_text"),
            ] as [(JSONValue, String)] {
                let response = try await server.api(user, .POST, "/api/v1/hints", body)
                #expect(response.status == 422, "\(body)")
                #expect(response.json["detail"]?[0]?["loc"] == ["body", .string(field)], "\(body)")
            }
            #expect(try await server.count("knot_hints") == 0)

            // 500 scalars after trimming, some of them outside the BMP (one scalar, two UTF-16 units).
            let text = String(repeating: "🎁", count: 250) + String(repeating: "b", count: 250)
            let created = try await server.api(user, .POST, "/api/v1/hints", ["hint_text": .string("  \(text)\n")])
            #expect(created.status == 201)
            #expect(created.json["hint_text"]?.stringValue == text)
            #expect(created.json["is_used"] == false)
            #expect(created.json["source"] == "text_input")
            #expect(created.json["id"]?.stringValue.map { UUIDText.isValid($0) } == true)
            #expect(created.json["created_at"]?.stringValue?.hasSuffix("+00:00") == true)
            #expect(created.json["hint_embedding"] == nil)
            let voice = try await server.addHint(user, "likes jazz", source: "voice_transcription")
            #expect(voice["source"] == "voice_transcription")
            // The embedding was stored beside the hint, with the provider's model.
            #expect(
                try await server.count("knot_hints", where: "hint_embedding IS NOT NULL AND embedding_model = 'local-hash-bow-v1'") == 2)
        }
    }

    // Case 10.
    @Test(arguments: TestEngine.available)
    func hintsWithoutAVaultAreNotFound(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("novault@example.com")
            let detail: JSONValue = ["detail": "No partner vault found. Complete onboarding first."]
            let post = try await server.api(user, .POST, "/api/v1/hints", ["hint_text": "a scarf"])
            #expect(post.status == 404)
            #expect(post.json == detail)
            #expect(try await server.api(user, .GET, "/api/v1/hints").status == 404)
            #expect(try await server.api(user, .DELETE, "/api/v1/hints/00000000-0000-4000-8000-000000000000").status == 404)
            // Validation still comes first.
            #expect(try await server.api(user, .POST, "/api/v1/hints", ["hint_text": ""]).status == 422)
        }
    }

    // Case 11.
    @Test(arguments: TestEngine.available)
    func oneUserNeverSeesOrDeletesAnothersHints(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let owner = try await server.signUp("owner@example.com")
            let other = try await server.signUp("other@example.com")
            _ = try await server.createVault(owner)
            _ = try await server.createVault(other)
            let hint = try #require(try await server.addHint(owner, "wants a pottery class")["id"]?.stringValue)

            #expect(try await server.api(other, .GET, "/api/v1/hints").json == ["hints": [], "total": 0])
            let stolen = try await server.api(other, .DELETE, "/api/v1/hints/\(hint)")
            #expect(stolen.status == 404)
            #expect(try await server.count("knot_hints", where: "id = ?", [hint]) == 1)

            #expect(try await server.api(owner, .DELETE, "/api/v1/hints/\(hint.uppercased())").status == 204)
            #expect(try await server.count("knot_hints", where: "id = ?", [hint]) == 0)
            #expect(try await server.api(owner, .DELETE, "/api/v1/hints/\(hint)").status == 404)
            #expect(try await server.api(owner, .DELETE, "/api/v1/hints/not-a-uuid").status == 404)
        }
    }

    @Test(arguments: TestEngine.available)
    func listingIsNewestFirstWithPagesAndTheVaultTotal(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pages@example.com")
            _ = try await server.createVault(user)
            var ids: [JSONValue] = []
            for index in 0..<5 { ids.append(try await server.addHint(user, "hint \(index)")["id"] ?? .null) }
            let all = try await server.api(user, .GET, "/api/v1/hints")
            #expect(all.json["total"] == 5)
            #expect(all.json["hints"]?.arrayValue?.map { $0["id"] } == ids.reversed())
            #expect(all.json["hints"]?[0]?.objectValue.map { Set($0.keys) } == ["id", "hint_text", "source", "is_used", "created_at"])
            let page = try await server.api(user, .GET, "/api/v1/hints?limit=2&offset=1")
            #expect(page.json["hints"]?.arrayValue?.map { $0["id"] } == [ids[3], ids[2]])
            #expect(page.json["total"] == 5)
            #expect(try await server.api(user, .GET, "/api/v1/hints?offset=10").json == ["hints": [], "total": 5])
        }
    }

    @Test(arguments: TestEngine.available)
    func limitAndOffsetOutOfRangeAre422InTheQuery(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("range@example.com")
            _ = try await server.createVault(user)
            for (query, name) in [("limit=0", "limit"), ("limit=101", "limit"), ("limit=abc", "limit"), ("offset=-1", "offset")] {
                let response = try await server.api(user, .GET, "/api/v1/hints?\(query)")
                #expect(response.status == 422, "\(query)")
                #expect(response.json["detail"]?[0]?["loc"] == ["query", .string(name)], "\(query)")
            }
            #expect(try await server.api(user, .GET, "/api/v1/hints?limit=100&offset=0").status == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func aHintIsStoredWithoutAVectorWhenTheProviderFailsAndWithItsModelWhenItAnswers(engine: TestEngine) async throws {
        let router = Router()
        router.post("v1/embeddings") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 16)
            let input = (try? JSONParser().parse(body.readableBytesView))?["input"]?.stringValue ?? ""
            guard input != "fail" else { return Response.json(["error": "overloaded"], status: .serviceUnavailable) }
            return Response.json(["data": [["embedding": .array(Array(repeating: 0.5, count: 768))]]])
        }
        try await LoopbackHTTPServer.run(router) { port in
            var settings = KnotSettings()
            settings.embeddingProvider = "openai"
            settings.embeddingBaseURL = "http://127.0.0.1:\(port)/v1"
            settings.embeddingModel = "fake-embed"
            try await TestServer.knot(engine: engine, settings: settings) { server in
                let user = try await server.signUp("provider@example.com")
                _ = try await server.createVault(user)
                let failed = try #require(try await server.addHint(user, "fail")["id"]?.stringValue)
                let embedded = try #require(try await server.addHint(user, "a silk scarf")["id"]?.stringValue)
                #expect(
                    try await server.count("knot_hints", where: "id = ? AND hint_embedding IS NULL AND embedding_model IS NULL", [failed])
                        == 1)
                #expect(
                    try await server.count(
                        "knot_hints", where: "id = ? AND hint_embedding IS NOT NULL AND embedding_model = 'openai-compatible:fake-embed'",
                        [embedded]) == 1)
            }
        }
    }
}
