import AsyncHTTPClient
import Foundation
import HearthCore
import HearthServer
import HearthTesting
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing
import WishWithMeServer

/// `GET /openapi.json`: the document is served, well-formed, covers every route the app
/// registers (and nothing else), and live responses match the schemas it declares.
@Suite struct OpenAPIDocumentTests {
    @Test func theDocumentIsServedAsOpenAPI303() async throws {
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            try await Browser.with(server) { browser in
                let response = try await browser.send(.GET, "/openapi.json")
                #expect(response.status == 200)
                #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
                let document = try JSONParser().parse(response.body)
                #expect(document["openapi"] == "3.0.3")
                #expect(document["info"]?["title"]?.stringValue?.isEmpty == false)
                #expect(document["components"]?["securitySchemes"]?["bearerAuth"]?["scheme"] == "bearer")
            }
        }
    }

    /// Under `hearth serve` the app lives at `/wishwithme`, and so does the document's server.
    @Test func theServerURLIsTheAppsMount() async throws {
        let source = try String(contentsOf: OpenAPIDocument.url, encoding: .utf8)
        #expect(source.components(separatedBy: "\"url\": \"/\"").count == 2, "exactly one root server URL to rewrite")
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = nil
        try await TestServer.run(engine: .sqlite, apps: [WishWithMeApp()], configuration: configuration) {
            (server: TestServer) async throws in
            try await Browser.with(server) { browser in
                let mounted = try await browser.send(.GET, "/wishwithme/openapi.json")
                #expect(mounted.status == 200)
                let document = try JSONParser().parse(mounted.body)
                #expect(document["servers"]?[0]?["url"] == "/wishwithme")
                #expect(document["paths"]?["/api/v2/auth/register"] != nil)
                #expect(try await browser.send(.GET, "/openapi.json").status == 404)
            }
        }
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            try await Browser.with(server) { browser in
                let root = try await browser.send(.GET, "/openapi.json")
                #expect(root.text == source)
                #expect(try JSONParser().parse(root.body)["servers"]?[0]?["url"] == "/")
            }
        }
    }

    @Test func everyOperationHasAnIdAResponseAndADescription() throws {
        let document = try OpenAPIDocument.load()
        var operationIDs: [String] = []
        for operation in document.operations {
            let label = "\(operation.method) \(operation.path)"
            let responses = try #require(operation.object["responses"]?.objectValue, "\(label) has no responses")
            #expect(!responses.isEmpty, "\(label) has no responses")
            let operationID = try #require(operation.object["operationId"]?.stringValue, "\(label) has no operationId")
            operationIDs.append(operationID)
            #expect(operation.object["description"]?.stringValue?.isEmpty == false, "\(label) has no description")
            for (status, response) in responses {
                #expect(status == "default" || (Int(status).map { (100...599).contains($0) } ?? false), "\(label): status \(status)")
                #expect(document.resolve(response)["description"]?.stringValue != nil, "\(label) \(status) has no description")
            }
            for parameter in operation.object["parameters"]?.arrayValue ?? [] where document.resolve(parameter)["in"] == "path" {
                let name = try #require(document.resolve(parameter)["name"]?.stringValue)
                #expect(operation.path.contains("{\(name)}"), "\(label) declares path parameter \(name) it does not have")
            }
        }
        #expect(Set(operationIDs).count == operationIDs.count, "operationIds must be unique")
    }

    @Test func everyReferenceResolves() throws {
        let document = try OpenAPIDocument.load()
        let references = OpenAPIDocument.references(in: document.root)
        #expect(references.count > 50)
        for reference in references {
            #expect(document.target(of: reference) != nil, "\(reference) does not resolve")
        }
    }

    /// Both directions: what the router holds is documented, and what is documented is routed.
    @Test func everyRegisteredRouteIsDocumented() async throws {
        let document = try OpenAPIDocument.load()
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            let registered = await server.registeredRoutes()
            let documented = document.routes
            #expect(registered.count >= 24)
            #expect(registered.subtracting(documented).isEmpty, "undocumented routes: \(registered.subtracting(documented).sorted())")
            #expect(documented.subtracting(registered).isEmpty, "documented but not routed: \(documented.subtracting(registered).sorted())")
            #expect(registered.isSuperset(of: Route.expected), "missing: \(Route.expected.subtracting(registered).sorted())")
        }
    }

    /// Each documented operation reaches a handler: the router's own 404 ("Not Found") would
    /// mean the path or method is not served at all.
    @Test func everyDocumentedRouteIsServed() async throws {
        let document = try OpenAPIDocument.load()
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            try await Browser.with(server) { browser in
                let unknown = try await browser.send(.GET, "/api/v2/no-such-route")
                #expect(unknown.status == 404 && unknown.json["detail"] == "Not Found")
                for operation in document.operations {
                    let path = operation.path
                        .replacingOccurrences(of: "{collection}", with: "wishlists")
                        .replacingOccurrences(of: "{provider}", with: "google")
                        .replacingOccurrences(of: "{wishlist_id}", with: Docs.id("wishlist"))
                        .replacingOccurrences(of: "{share_id}", with: Docs.id("share"))
                        .replacingOccurrences(of: "{token}", with: String(repeating: "a", count: 32))
                    let response = try await browser.send(HTTPMethod(rawValue: operation.method.uppercased()), path)
                    let label = "\(operation.method.uppercased()) \(path)"
                    #expect(!(response.status == 404 && response.json["detail"] == "Not Found"), "\(label) is not routed")
                    #expect(response.status < 500, "\(label) answered \(response.status)")
                    let declared = operation.object["responses"]?.objectValue?.keys.contains(String(response.status)) ?? false
                    #expect(declared, "\(label) answered \(response.status), which the document does not declare")
                }
            }
        }
    }

    @Test func liveResponsesMatchTheirSchemas() async throws {
        let document = try OpenAPIDocument.load()
        try await TestServer.wishWithMe(engine: .sqlite) { (server: TestServer) async throws in
            try await Browser.with(server) { browser in
                func check(_ response: Browser.Response, _ method: String, _ path: String, _ status: Int) throws {
                    #expect(response.status == status, "\(method) \(path): \(response.status) \(response.text.prefix(300))")
                    let problems = try document.problems(of: response, method: method, path: path)
                    #expect(problems.isEmpty, "\(method) \(path) \(status): \(problems)")
                }
                let registration: JSONValue = ["email": "openapi@example.com", "password": "correct horse", "name": "Ann"]
                let registered = try await browser.send(.POST, "/api/v2/auth/register", json: registration)
                try check(registered, "post", "/api/v2/auth/register", 201)
                let token = try #require(registered.json["access_token"]?.stringValue)
                let userID = try #require(registered.json["user"]?["id"]?.stringValue)

                let short = try await browser.send(
                    .POST, "/api/v2/auth/register", json: ["email": "short@example.com", "password": "short", "name": "Ann"])
                try check(short, "post", "/api/v2/auth/register", 422)
                #expect(short.json["error"]?["code"] == "VALIDATION_ERROR")
                try check(try await browser.send(.POST, "/api/v2/auth/register", json: registration), "post", "/api/v2/auth/register", 409)
                try check(try await browser.send(.GET, "/api/v2/auth/me", token: token), "get", "/api/v2/auth/me", 200)

                let anonymous = try await browser.send(.GET, "/api/v2/sync/pull/wishlists")
                try check(anonymous, "get", "/api/v2/sync/pull/{collection}", 401)
                #expect(anonymous.header("WWW-Authenticate") == "Bearer")
                try check(
                    try await browser.send(.GET, "/api/v2/sync/pull/gifts", token: token), "get", "/api/v2/sync/pull/{collection}", 422)

                let wishlistID = Docs.id("wishlist")
                let pushed = try await browser.send(
                    .POST, "/api/v2/sync/push/wishlists", json: ["documents": [Docs.wishlist(wishlistID, owner: userID), ["_id": "x"]]],
                    token: token)
                try check(pushed, "post", "/api/v2/sync/push/{collection}", 200)
                #expect(pushed.json["conflicts"]?.arrayValue?.count == 1)
                let stale = try await browser.send(
                    .POST, "/api/v2/sync/push/wishlists",
                    json: ["documents": [Docs.wishlist(wishlistID, owner: userID, updatedAt: "2000-01-01T00:00:00Z")]], token: token)
                try check(stale, "post", "/api/v2/sync/push/{collection}", 200)
                #expect(stale.json["conflicts"]?[0]?["server_document"]?["_id"] == .string(wishlistID))
                let pulled = try await browser.send(.GET, "/api/v2/sync/pull/wishlists", token: token)
                try check(pulled, "get", "/api/v2/sync/pull/{collection}", 200)
                #expect(pulled.json["documents"]?.arrayValue?.count == 1)
                try check(try await browser.send(.GET, "/api/v2/sync/pull/users", token: token), "get", "/api/v2/sync/pull/{collection}", 200)
                let tooMany = try await browser.send(
                    .POST, "/api/v2/sync/push/items", json: ["documents": .array(Array(repeating: [:], count: 501))], token: token)
                try check(tooMany, "post", "/api/v2/sync/push/{collection}", 413)

                let share = try await browser.send(
                    .POST, "/api/v1/wishlists/\(wishlistID)/share", json: ["link_type": "view", "expires_in_days": 7], token: token)
                try check(share, "post", "/api/v1/wishlists/{wishlist_id}/share", 201)
                let shareToken = try #require(share.json["token"]?.stringValue)
                let shareID = try #require(share.json["id"]?.stringValue)
                let friend = try await browser.send(
                    .POST, "/api/v2/auth/register", json: ["email": "friend@example.com", "password": "correct horse", "name": "Bo"])
                let friendToken = try #require(friend.json["access_token"]?.stringValue)
                try check(
                    try await browser.send(.POST, "/api/v1/shared/\(shareToken)/grant-access", token: friendToken), "post",
                    "/api/v1/shared/{token}/grant-access", 200)
                let revoked = try await browser.send(.DELETE, "/api/v1/wishlists/\(wishlistID)/share/\(shareID)", token: token)
                try check(revoked, "delete", "/api/v1/wishlists/{wishlist_id}/share/{share_id}", 204)
                #expect(revoked.body.isEmpty)
                try check(
                    try await browser.send(.POST, "/api/v1/shared/\(shareToken)/grant-access", token: friendToken), "post",
                    "/api/v1/shared/{token}/grant-access", 404)

                let changes = try await browser.send(.GET, "/api/hearth/v1/sync/changes?limit=100", token: token)
                try check(changes, "get", "/api/hearth/v1/sync/changes", 200)
                #expect(changes.json["changes"]?.arrayValue?.isEmpty == false)
                let mutations: JSONValue = [
                    "mutations": [
                        [
                            "mutation_id": "m-1", "collection": "wishlists", "op": "put",
                            "doc": ["id": .string(Docs.id("wishlist")), "data": ["owner_id": .string(userID), "name": "Books"]],
                            "client_updated_at": "2026-01-01T00:00:00.000Z",
                        ],
                        ["mutation_id": "m-2", "collection": "gifts", "op": "delete", "id": "gift:1", "client_updated_at": "2026-01-01T00:00:00Z"],
                        ["mutation_id": "m-3"],
                    ]
                ]
                let deltaPush = try await browser.send(.POST, "/api/hearth/v1/sync/push", json: mutations, token: token)
                try check(deltaPush, "post", "/api/hearth/v1/sync/push", 200)
                #expect(deltaPush.json["results"]?.arrayValue?.map { $0["status"]?.stringValue ?? "" } == ["applied", "rejected", "rejected"])
                try check(
                    try await browser.send(.GET, "/api/hearth/v1/sync/changes?limit=0", token: token), "get", "/api/hearth/v1/sync/changes",
                    400)

                try check(
                    try await browser.send(.POST, "/api/v2/auth/logout", json: ["refresh_token": "x"], token: token), "post",
                    "/api/v2/auth/logout", 204)
                try check(try await browser.send(.GET, "/api/v1/oauth/providers"), "get", "/api/v1/oauth/providers", 200)
                try check(
                    try await browser.send(.GET, "/api/v1/oauth/google/authorize"), "get", "/api/v1/oauth/{provider}/authorize", 400)
                try check(
                    try await browser.send(.GET, "/api/v1/oauth/github/authorize"), "get", "/api/v1/oauth/{provider}/authorize", 422)
                try check(
                    try await browser.send(.GET, "/api/v1/oauth/yandex/callback?code=c&state=s"), "get",
                    "/api/v1/oauth/{provider}/callback", 302)
                try check(try await browser.send(.GET, "/api/v1/oauth/connected", token: token), "get", "/api/v1/oauth/connected", 200)
                try check(try await browser.send(.GET, "/"), "get", "/", 200)
                try check(try await browser.send(.GET, "/healthz"), "get", "/healthz", 200)
                try check(try await browser.send(.GET, "/openapi.json"), "get", "/openapi.json", 200)
            }
        }
    }

    @Test func theValidatorCatchesMismatches() throws {
        let document = try OpenAPIDocument.load()
        let user = try #require(document.target(of: "#/components/schemas/User"))
        #expect(!document.problems(["id": "user:1"], user, at: "$").isEmpty)
        let auth = try #require(document.target(of: "#/components/schemas/AuthResponse"))
        let tokens: JSONValue = ["access_token": "a", "refresh_token": "r", "token_type": "bearer", "expires_in": 900]
        #expect(document.problems(tokens, auth, at: "$").contains { $0.contains("user") })
        let conflict = try #require(document.target(of: "#/components/schemas/PushConflict"))
        #expect(document.problems(["document_id": "x", "error": "e", "server_document": nil], conflict, at: "$").isEmpty)
        #expect(!document.problems(["document_id": "x", "error": "e", "server_document": 3], conflict, at: "$").isEmpty)
    }
}
