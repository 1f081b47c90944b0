import Foundation
import HearthCore
import HearthServer
import HearthTesting
import ListAllServer
import NIOHTTP1
import Testing

/// ListAll's OpenAPI document (`Sources/ListAllServer/Resources/openapi.json`): well
/// formed, covering every route the app registers and nothing else, served at the mount,
/// every documented operation reaching a handler with a status it declares, and live
/// answers matching the schemas it declares.
@Suite struct ListAllOpenAPIDocumentTests {
    static func load() throws -> OpenAPIDocumentFile { try OpenAPIDocumentFile.load(module: "ListAllServer") }

    @Test func theDocumentIsWellFormedOpenAPI303() throws {
        let document = try Self.load()
        #expect(document.root["openapi"] == "3.0.3")
        #expect(document.root["info"]?["title"]?.stringValue?.isEmpty == false)
        #expect(document.root["components"]?["securitySchemes"]?["bearerAuth"]?["scheme"] == "bearer")
        #expect(document.structuralProblems == [])
        #expect(OpenAPIDocumentFile.references(in: document.root).count > 30)
        let source = try String(contentsOf: OpenAPIDocumentFile.url(module: "ListAllServer"), encoding: .utf8)
        #expect(source.components(separatedBy: "\"url\": \"/\"").count == 2, "exactly one root server URL to rewrite")
    }

    /// Both directions: what the router holds is documented, and what is documented is routed.
    @Test func everyRegisteredRouteIsDocumentedAndNothingElse() async throws {
        let document = try Self.load()
        try await TestServer.listAll(engine: .sqlite) { server in
            let registered = await server.registeredRoutes()
            #expect(registered.count >= 10)
            #expect(registered.subtracting(document.routes).isEmpty, "undocumented: \(registered.subtracting(document.routes).sorted())")
            #expect(document.routes.subtracting(registered).isEmpty, "documented but not routed: \(document.routes.subtracting(registered).sorted())")
        }
    }

    /// With `--app listall` the document is served as written at `/openapi.json`; under
    /// `hearth serve` at `/listall/openapi.json`, its server being the mount.
    @Test func theDocumentIsServedAtTheMount() async throws {
        let source = try String(contentsOf: OpenAPIDocumentFile.url(module: "ListAllServer"), encoding: .utf8)
        try await TestServer.listAll(engine: .sqlite) { server in
            let response = try await server.request(.GET, "/openapi.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(response.text == source)
            #expect(response.json["servers"]?[0]?["url"] == "/")
        }
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = nil
        try await TestServer.run(engine: .sqlite, apps: [ListAllApp()], configuration: configuration) { server in
            let mounted = try await server.request(.GET, "/listall/openapi.json")
            #expect(mounted.status == 200)
            #expect(mounted.json["servers"]?[0]?["url"] == "/listall")
            #expect(mounted.json["paths"]?["/api/hearth/v1/sync/push"] != nil)
            #expect(try await server.request(.GET, "/openapi.json").status == 404)
        }
    }

    /// The router's own 404 would mean a documented path or method is not served at all.
    @Test func everyDocumentedOperationReachesAHandlerAndAnswersADeclaredStatus() async throws {
        let document = try Self.load()
        try await TestServer.listAll(engine: .sqlite) { server in
            let unknown = try await server.request(.GET, "/api/v1/no-such-route")
            #expect(unknown.status == 404)
            let user = try await server.register("openapi@example.com")
            for operation in document.operations {
                let method = HTTPMethod(rawValue: operation.method.uppercased())
                let label = "\(method) \(operation.path)"
                let body: [UInt8]? = method == .GET ? nil : Array("{}".utf8)
                // Signed in, except for the endless event stream.
                let headers = operation.path.hasSuffix("/events") ? [] : user.auth
                let response = try await server.request(method, operation.path, headers: headers, body: body)
                #expect(response.body != unknown.body || response.status != 404, "\(label) is not routed")
                #expect(response.status < 500, "\(label) answered \(response.status) \(response.text.prefix(200))")
                let declared = operation.object["responses"]?.objectValue?.keys.contains(String(response.status)) ?? false
                #expect(declared, "\(label) answered \(response.status), which the document does not declare")
            }
        }
    }

    @Test func liveResponsesMatchTheirSchemas() async throws {
        let document = try Self.load()
        try await TestServer.listAll(engine: .sqlite) { server in
            func check(_ response: TestResponse, _ method: String, _ path: String, _ status: Int) {
                #expect(response.status == status, "\(method) \(path): \(response.status) \(response.text.prefix(300))")
                let declared = document.root["paths"]?[path]?[method]?["responses"]?[String(response.status)]
                guard let declared else {
                    Issue.record("\(method) \(path) does not declare \(response.status)")
                    return
                }
                guard let schema = document.resolve(declared)["content"]?["application/json"]?["schema"] else {
                    #expect(response.body.isEmpty, "\(method) \(path) \(status) declares no body")
                    return
                }
                let problems = document.problems(response.json, schema, at: "body")
                #expect(problems.isEmpty, "\(method) \(path) \(status): \(problems)")
            }
            check(try await server.request(.GET, "/api/v1/status"), "get", "/api/v1/status", 200)

            let registration: JSONValue = ["email": "schema@example.com", "password": "correct horse", "name": "Ann"]
            let registered = try await server.request(.POST, "/api/v1/auth/register", json: registration)
            check(registered, "post", "/api/v1/auth/register", 201)
            let token = try #require(registered.json["access_token"]?.stringValue)
            let refresh = try #require(registered.json["refresh_token"]?.stringValue)
            let auth = [("Authorization", "Bearer \(token)")]
            check(try await server.request(.POST, "/api/v1/auth/register", json: registration), "post", "/api/v1/auth/register", 409)
            check(
                try await server.request(.POST, "/api/v1/auth/register", json: ["email": "x@example.com", "password": "short", "name": "A"]),
                "post", "/api/v1/auth/register", 422)
            check(try await server.request(.POST, "/api/v1/auth/register", headers: [], body: Array("{".utf8)), "post", "/api/v1/auth/register", 400)
            check(
                try await server.request(.POST, "/api/v1/auth/login", json: ["email": "schema@example.com", "password": "correct horse"]),
                "post", "/api/v1/auth/login", 200)
            check(
                try await server.request(.POST, "/api/v1/auth/login", json: ["email": "schema@example.com", "password": "wrong horse"]),
                "post", "/api/v1/auth/login", 401)
            let rotated = try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": .string(refresh)])
            check(rotated, "post", "/api/v1/auth/refresh", 200)
            check(try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": "unknown"]), "post", "/api/v1/auth/refresh", 401)
            check(try await server.request(.GET, "/api/v1/auth/me", headers: auth), "get", "/api/v1/auth/me", 200)
            let anonymous = try await server.request(.GET, "/api/v1/auth/me")
            check(anonymous, "get", "/api/v1/auth/me", 401)
            #expect(anonymous.header("WWW-Authenticate") == "Bearer")

            let listID = ListAllDocs.id()
            let itemID = ListAllDocs.id()
            let imageID = ListAllDocs.id()
            var mutations: [JSONValue] = [
                ListAllDocs.put("lists", listID, ListAllDocs.list()),
                ListAllDocs.put("items", itemID, ListAllDocs.item(list: listID)),
                ListAllDocs.put("images", imageID, ListAllDocs.image(item: itemID)),
                ListAllDocs.put("preferences", "preferences", ["showCrossedOutItems": true, "exportPreferences": ["format": "json"]]),
                ListAllDocs.put("items", ListAllDocs.id(), ListAllDocs.item(list: ListAllDocs.id())),
                ListAllDocs.put("lists", "not-a-uuid", ListAllDocs.list()),
                ["mutation_id": "malformed"],
                "not an object",
            ]
            let pushed = try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": .array(mutations)], headers: auth)
            check(pushed, "post", "/api/hearth/v1/sync/push", 200)
            let statuses = pushed.json["results"]?.arrayValue?.map(\.["status"])
            #expect(statuses == ["applied", "applied", "applied", "applied", "rejected", "rejected", "rejected", "rejected"])
            mutations = [ListAllDocs.put("lists", listID, ListAllDocs.list("Stale"), base: 0)]
            let conflict = try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": .array(mutations)], headers: auth)
            check(conflict, "post", "/api/hearth/v1/sync/push", 200)
            mutations = [ListAllDocs.delete("lists", listID, base: 1)]
            check(
                try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": .array(mutations)], headers: auth),
                "post", "/api/hearth/v1/sync/push", 200)
            let tooMany = JSONValue.array(Array(repeating: ListAllDocs.put("lists", listID, ListAllDocs.list()), count: 501))
            check(
                try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": tooMany], headers: auth),
                "post", "/api/hearth/v1/sync/push", 413)
            check(try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["changes": []], headers: auth), "post", "/api/hearth/v1/sync/push", 422)
            check(try await server.request(.POST, "/api/hearth/v1/sync/push", json: ["mutations": []]), "post", "/api/hearth/v1/sync/push", 401)

            let changes = try await server.request(.GET, "/api/hearth/v1/sync/changes", headers: auth)
            check(changes, "get", "/api/hearth/v1/sync/changes", 200)
            #expect(changes.json["changes"]?.arrayValue?.count == 4, "the list, item and image tombstones and the preferences")
            check(try await server.request(.GET, "/api/hearth/v1/sync/changes?limit=0", headers: auth), "get", "/api/hearth/v1/sync/changes", 400)
            check(try await server.request(.GET, "/api/hearth/v1/sync/changes?since=x", headers: auth), "get", "/api/hearth/v1/sync/changes", 400)
            check(
                try await server.request(.GET, "/api/hearth/v1/sync/changes?since=999999999", headers: auth), "get", "/api/hearth/v1/sync/changes",
                410)

            let logout = try await server.request(
                .POST, "/api/v1/auth/logout", json: ["refresh_token": .string(rotated.json["refresh_token"]?.stringValue ?? "")])
            check(logout, "post", "/api/v1/auth/logout", 204)
            check(try await server.request(.POST, "/api/v1/auth/logout", json: [:]), "post", "/api/v1/auth/logout", 422)
        }
    }
}
