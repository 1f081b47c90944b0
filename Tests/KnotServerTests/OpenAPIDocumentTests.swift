import Foundation
import HearthCore
import HearthServer
import HearthTesting
import KnotServer
import NIOHTTP1
import Testing

/// Knot's OpenAPI document (`Sources/KnotServer/Resources/openapi.json`): well formed,
/// covering every route the app registers and nothing else, served at the mount, every
/// documented operation reaching a handler with a status it declares, and live answers
/// matching the schemas it declares.
@Suite struct KnotOpenAPIDocumentTests {
    static func load() throws -> OpenAPIDocumentFile { try OpenAPIDocumentFile.load(module: "KnotServer") }

    static let anonKey = "openapi-anon-key-0123456789abcdef0123456789"

    /// With an anon key, as production runs: `/auth/v1` and `/rest/v1` check `apikey`.
    static var settings: KnotSettings {
        var settings = KnotSettings()
        settings.anonKey = anonKey
        return settings
    }

    static let apiKey = [("apikey", anonKey)]

    @Test func theDocumentIsWellFormedOpenAPI303() throws {
        let document = try Self.load()
        #expect(document.root["openapi"] == "3.0.3")
        #expect(document.root["info"]?["title"]?.stringValue?.isEmpty == false)
        #expect(document.root["components"]?["securitySchemes"]?["bearerAuth"]?["scheme"] == "bearer")
        #expect(document.root["components"]?["securitySchemes"]?["apiKey"]?["name"] == "apikey")
        #expect(document.structuralProblems == [])
        #expect(OpenAPIDocumentFile.references(in: document.root).count > 30)
        let source = try String(contentsOf: OpenAPIDocumentFile.url(module: "KnotServer"), encoding: .utf8)
        #expect(source.components(separatedBy: "\"url\": \"/\"").count == 2, "exactly one root server URL to rewrite")
    }

    /// Both directions: what the router holds is documented, and what is documented is routed.
    @Test func everyRegisteredRouteIsDocumentedAndNothingElse() async throws {
        let document = try Self.load()
        try await TestServer.knot(engine: .sqlite, settings: Self.settings) { server in
            let registered = await server.registeredRoutes()
            #expect(registered.count >= 30)
            #expect(registered.subtracting(document.routes).isEmpty, "undocumented: \(registered.subtracting(document.routes).sorted())")
            #expect(document.routes.subtracting(registered).isEmpty, "documented but not routed: \(document.routes.subtracting(registered).sorted())")
        }
    }

    /// With `--app knot` the document is served as written at `/openapi.json`; under
    /// `hearth serve` at `/knot/openapi.json`, its server being the mount.
    @Test func theDocumentIsServedAtTheMount() async throws {
        let source = try String(contentsOf: OpenAPIDocumentFile.url(module: "KnotServer"), encoding: .utf8)
        try await TestServer.knot(engine: .sqlite) { server in
            let response = try await server.request(.GET, "/openapi.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(response.text == source)
            #expect(response.json["servers"]?[0]?["url"] == "/")
        }
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = nil
        configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("knot-test-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
        try await TestServer.run(engine: .sqlite, apps: [KnotApp()], configuration: configuration) { server in
            let mounted = try await server.request(.GET, "/knot/openapi.json")
            #expect(mounted.status == 200)
            #expect(mounted.json["servers"]?[0]?["url"] == "/knot")
            #expect(mounted.json["paths"]?["/api/v1/vault"] != nil)
            #expect(try await server.request(.GET, "/openapi.json").status == 404)
        }
    }

    /// The router's own 404 would mean a documented path or method is not served at all.
    /// Operations that end the session (sign-out, account deletion) run last.
    @Test func everyDocumentedOperationReachesAHandlerAndAnswersADeclaredStatus() async throws {
        let document = try Self.load()
        let endsSession: Set<String> = ["deleteAccount", "logout"]
        let operations =
            document.operations.filter { !endsSession.contains($0.object["operationId"]?.stringValue ?? "") }
            + document.operations.filter { endsSession.contains($0.object["operationId"]?.stringValue ?? "") }
        try await TestServer.knot(engine: .sqlite, settings: Self.settings) { server in
            let unknown = try await server.request(.GET, "/api/v1/no-such-route")
            #expect(unknown.status == 404)
            let user = try await server.signUp("openapi@example.com")
            for operation in operations {
                let method = HTTPMethod(rawValue: operation.method.uppercased())
                let path = operation.path.replacingOccurrences(of: "{table}", with: "partner_vaults")
                    .replacingOccurrences(of: "{hint_id}", with: "00000000-0000-4000-8000-000000000000")
                    .replacingOccurrences(of: "{id}", with: "00000000-0000-4000-8000-000000000000")
                let label = "\(method) \(operation.path)"
                let body: [UInt8]? = method == .GET || method == .HEAD ? nil : Array("{}".utf8)
                let response =
                    operation.path == "/auth/v1/verify" && method == .GET
                    ? try await server.requestNotFollowing(path + "?token=x&type=signup")
                    : try await server.request(method, path, headers: user.auth + Self.apiKey, body: body)
                #expect(response.body != unknown.body || response.status != 404, "\(label) is not routed")
                #expect(response.status < 500, "\(label) answered \(response.status) \(response.text.prefix(200))")
                let declared = operation.object["responses"]?.objectValue?.keys.contains(String(response.status)) ?? false
                #expect(declared, "\(label) answered \(response.status), which the document does not declare")
            }
        }
    }

    @Test func liveResponsesMatchTheirSchemas() async throws {
        let document = try Self.load()
        try await TestServer.knot(engine: .sqlite, settings: Self.settings) { server in
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
            check(try await server.request(.GET, "/health"), "get", "/health", 200)
            check(try await server.request(.GET, "/apple-app-site-association"), "get", "/apple-app-site-association", 200)

            // Auth, with both error shapes.
            let credentials: JSONValue = ["email": "schema@example.com", "password": "correct horse battery"]
            check(try await server.request(.POST, "/auth/v1/signup", json: credentials, headers: Self.apiKey), "post", "/auth/v1/signup", 200)
            check(try await server.request(.POST, "/auth/v1/signup", json: credentials), "post", "/auth/v1/signup", 401)
            check(
                try await server.request(.POST, "/auth/v1/signup", json: credentials, headers: Self.apiKey + GoTrue.versioned),
                "post", "/auth/v1/signup", 422)
            check(
                try await server.request(.POST, "/auth/v1/signup", json: ["email": "x@example.com", "password": "short"], headers: Self.apiKey),
                "post", "/auth/v1/signup", 422)
            let signedIn = try await server.request(.POST, "/auth/v1/token?grant_type=password", json: credentials, headers: Self.apiKey)
            check(signedIn, "post", "/auth/v1/token", 200)
            check(
                try await server.request(.POST, "/auth/v1/token?grant_type=refresh_token", json: [:], headers: Self.apiKey),
                "post", "/auth/v1/token", 400)
            check(
                try await server.request(.POST, "/auth/v1/token?grant_type=password", json: ["email": "schema@example.com", "password": "wrong"],
                    headers: Self.apiKey + GoTrue.versioned),
                "post", "/auth/v1/token", 400)
            let token = try #require(signedIn.json["access_token"]?.stringValue)
            let auth = [("Authorization", "Bearer \(token)")]
            check(try await server.request(.GET, "/auth/v1/user", headers: auth + Self.apiKey), "get", "/auth/v1/user", 200)
            check(try await server.request(.GET, "/auth/v1/user", headers: Self.apiKey), "get", "/auth/v1/user", 401)
            check(try await server.request(.GET, "/auth/v1/user", headers: [("Authorization", "Bearer x")] + Self.apiKey), "get", "/auth/v1/user", 403)
            check(try await server.request(.GET, "/auth/v1/settings", headers: Self.apiKey), "get", "/auth/v1/settings", 200)
            check(try await server.request(.GET, "/auth/v1/health", headers: Self.apiKey), "get", "/auth/v1/health", 200)

            // The Knot API.
            check(try await server.request(.GET, "/api/v1/me", headers: auth), "get", "/api/v1/me", 200)
            let anonymous = try await server.request(.GET, "/api/v1/me")
            check(anonymous, "get", "/api/v1/me", 401)
            #expect(anonymous.header("WWW-Authenticate") == "Bearer")
            check(try await server.request(.GET, "/api/v1/vault", headers: auth), "get", "/api/v1/vault", 404)
            check(try await server.request(.GET, "/rest/v1/partner_vaults?select=id&limit=1", headers: auth + Self.apiKey), "get", "/rest/v1/{table}", 200)
            check(try await server.request(.POST, "/api/v1/vault", json: KnotAPIFixtures.vault, headers: auth), "post", "/api/v1/vault", 201)
            check(try await server.request(.POST, "/api/v1/vault", json: KnotAPIFixtures.vault, headers: auth), "post", "/api/v1/vault", 409)
            check(try await server.request(.GET, "/api/v1/vault", headers: auth), "get", "/api/v1/vault", 200)
            check(try await server.request(.PUT, "/api/v1/vault", json: KnotAPIFixtures.vault, headers: auth), "put", "/api/v1/vault", 200)
            check(
                try await server.request(.PUT, "/api/v1/vault", json: KnotAPIFixtures.vault("vibes", []), headers: auth), "put", "/api/v1/vault", 422)
            check(try await server.request(.PUT, "/api/v1/vault", headers: auth, body: Array("{".utf8)), "put", "/api/v1/vault", 422)

            let hint = try await server.request(.POST, "/api/v1/hints", json: ["hint_text": "Loves pottery"], headers: auth)
            check(hint, "post", "/api/v1/hints", 201)
            check(try await server.request(.GET, "/api/v1/hints", headers: auth), "get", "/api/v1/hints", 200)
            check(try await server.request(.GET, "/api/v1/hints?limit=0", headers: auth), "get", "/api/v1/hints", 422)
            let hintID = try #require(hint.json["id"]?.stringValue)
            check(try await server.request(.DELETE, "/api/v1/hints/\(hintID)", headers: auth), "delete", "/api/v1/hints/{hint_id}", 204)
            check(try await server.request(.DELETE, "/api/v1/hints/\(hintID)", headers: auth), "delete", "/api/v1/hints/{hint_id}", 404)

            check(
                try await server.request(.POST, "/api/v1/users/device-token", json: ["device_token": "abc123"], headers: auth),
                "post", "/api/v1/users/device-token", 200)
            let preferences = "/api/v1/users/me/notification-preferences"
            check(try await server.request(.GET, preferences, headers: auth), "get", preferences, 200)
            check(try await server.request(.PUT, preferences, json: ["quiet_hours_start": 22, "timezone": "Europe/Paris"], headers: auth), "put", preferences, 200)
            check(try await server.request(.PUT, preferences, json: ["timezone": "Mars/Olympus"], headers: auth), "put", preferences, 422)
            check(try await server.request(.GET, "/api/v1/users/me/export", headers: auth), "get", "/api/v1/users/me/export", 200)

            check(try await server.request(.GET, "/rest/v1/partner_vaults?select=id&limit=1", headers: auth + Self.apiKey), "get", "/rest/v1/{table}", 200)
            check(try await server.request(.GET, "/rest/v1/partner_vaults?select=*", headers: auth + Self.apiKey), "get", "/rest/v1/{table}", 400)
            check(try await server.request(.GET, "/rest/v1/other?select=id", headers: auth + Self.apiKey), "get", "/rest/v1/{table}", 404)
            check(try await server.request(.GET, "/rest/v1/partner_vaults?select=id", headers: auth), "get", "/rest/v1/{table}", 401)
            check(try await server.request(.DELETE, "/rest/v1/partner_vaults", headers: auth + Self.apiKey), "delete", "/rest/v1/{table}", 405)

            check(try await server.request(.DELETE, "/api/v1/users/me", headers: auth), "delete", "/api/v1/users/me", 200)
            check(try await server.request(.GET, "/api/v1/users/me/export", headers: auth), "get", "/api/v1/users/me/export", 401)
        }
    }
}
