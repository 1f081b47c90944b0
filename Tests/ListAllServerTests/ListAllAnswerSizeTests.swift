import Foundation
import HearthCore
import HearthTesting
import Testing

/// Answers stay bounded whatever the request (a ListAll image is megabytes): a push whose
/// conflicts carry large winners, and a pull of many large documents.
@Suite struct ListAllAnswerSizeTests {
    @Test(arguments: TestEngine.available)
    func conflictsWithLargeWinnersDeferTheRestOfTheBatch(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("big-answers@example.com")
            let (listID, itemID, imageID) = (ListAllDocs.id(), ListAllDocs.id(), ListAllDocs.id())
            let picture = Data(repeating: 0xAB, count: 3 * 1024 * 1024)
            let setup = try await server.push(
                user,
                [
                    ListAllDocs.put("lists", listID, ListAllDocs.list()), ListAllDocs.put("items", itemID, ListAllDocs.item(list: listID)),
                    ListAllDocs.put("images", imageID, ListAllDocs.image(item: itemID, bytes: picture)),
                ])
            #expect(setup.allSatisfy { $0["status"] == "applied" })

            func push(_ mutations: [JSONValue]) async throws -> [JSONValue] {
                let answer = try await server.request(
                    .POST, "/api/hearth/v1/sync/push", json: ["mutations": .array(mutations)], headers: user.auth)
                return try Self.parse(answer)["results"]?.arrayValue ?? []
            }
            let stale = (0..<12).map { _ in ListAllDocs.put("images", imageID, ListAllDocs.image(item: itemID, bytes: Data([1])), base: 0, editedAt: "2020-01-01T00:00:00.000Z") }
            let response = try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": .array(stale)], headers: user.auth)
            #expect(response.status == 200)
            #expect(response.body.count < 32 * 1024 * 1024, "the answer is bounded")
            let results = try Self.parse(response)["results"]?.arrayValue ?? []
            #expect(results.count == 12)
            let conflicts = results.filter { $0["status"] == "conflict" }
            let deferred = results.filter { $0["code"] == "RETRY_LATER" }
            #expect(!conflicts.isEmpty && !deferred.isEmpty)
            #expect(conflicts.count + deferred.count == 12)
            #expect(conflicts.allSatisfy { $0["doc"]?["data"]?["imageData"] == .string(picture.base64EncodedString()) })

            // A resent mutation is answered again with the winner, read anew.
            let first = try #require(stale.first)
            let again = try await push([first])
            #expect(again.first?["status"] == "conflict")
            #expect(again.first?["doc"]?["data"]?["imageData"] == .string(picture.base64EncodedString()))
            #expect(again.first?["doc"]?["id"] == .string(imageID))
            // A deferred one was never decided: sent again, it is decided now.
            let retried = try #require(stale.last)
            #expect(try await push([retried]).first?["status"] == "conflict")
        }
    }

    @Test(arguments: TestEngine.available)
    func aPullOfLargeDocumentsComesInPagesOfBoundedSize(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { server in
            let user = try await server.register("big-pulls@example.com")
            let (listID, itemID) = (ListAllDocs.id(), ListAllDocs.id())
            _ = try await server.push(
                user, [ListAllDocs.put("lists", listID, ListAllDocs.list()), ListAllDocs.put("items", itemID, ListAllDocs.item(list: listID))])
            let picture = Data(repeating: 0xCD, count: 3 * 1024 * 1024)
            for order in 0..<6 {
                let answer = try await server.request(
                    .POST, "/api/hearth/v1/sync/push",
                    json: ["mutations": [ListAllDocs.put("images", ListAllDocs.id(), ListAllDocs.image(item: itemID, bytes: picture, order: Int64(order)))]],
                    headers: user.auth)
                #expect(try Self.parse(answer)["results"]?[0]?["status"] == "applied")
            }
            var (cursor, pages, images) = ("0", 0, 0)
            while true {
                let page = try await server.request(.GET, "/api/hearth/v1/sync/changes?since=\(cursor)&limit=5000", headers: user.auth)
                #expect(page.body.count < 20 * 1024 * 1024, "a page carries at most 16 MiB of documents")
                let json = try Self.parse(page)
                pages += 1
                images += json["changes"]?.arrayValue?.filter { $0["collection"] == "images" }.count ?? 0
                cursor = json["cursor"]?.stringValue ?? cursor
                guard json["has_more"] == true, pages < 20 else { break }
            }
            #expect(images == 6, "every change arrives")
            #expect(pages >= 2)
        }
    }

    /// The answer parsed with room for documents of several megabytes.
    static func parse(_ response: TestResponse) throws -> JSONValue {
        try JSONParser(limits: .init(maxBytes: 64 * 1024 * 1024, maxDepth: 64, maxStringBytes: 16 * 1024 * 1024)).parse(response.body)
    }
}
