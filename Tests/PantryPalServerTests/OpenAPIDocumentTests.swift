import Foundation
import HearthCore
import HearthServer
import HearthTesting
import NIOHTTP1
import PantryPalServer
import Testing

/// PantryPal's OpenAPI document (`Sources/PantryPalServer/Resources/openapi.json`): well
/// formed, covering every route the app registers and nothing else, served at the mount,
/// and every documented operation reaching a handler with a status it declares.
@Suite struct PantryOpenAPIDocumentTests {
    static func load() throws -> OpenAPIDocumentFile { try OpenAPIDocumentFile.load(module: "PantryPalServer") }

    /// Admin and test routes exist only with their keys; the document describes them too.
    static var everyRouteSettings: PantryPalSettings {
        var settings = PantryServer.settings()
        settings.testKey = "test-key-0123456789abcdef-0123456789abcdef"
        return settings
    }

    @Test func theDocumentIsWellFormedOpenAPI303() throws {
        let document = try Self.load()
        #expect(document.root["openapi"] == "3.0.3")
        #expect(document.root["components"]?["securitySchemes"]?["bearerAuth"]?["scheme"] == "bearer")
        #expect(document.structuralProblems == [])
        let source = try String(contentsOf: OpenAPIDocumentFile.url(module: "PantryPalServer"), encoding: .utf8)
        #expect(source.components(separatedBy: "\"url\": \"/\"").count == 2, "exactly one root server URL to rewrite")
    }

    @Test func everyRegisteredRouteIsDocumentedAndNothingElse() async throws {
        let document = try Self.load()
        try await PantryServer.run(engine: .sqlite, settings: Self.everyRouteSettings) { (pantry: PantryServer) async throws in
            let registered = await pantry.server.registeredRoutes()
            #expect(registered.count >= 50)
            #expect(registered.subtracting(document.routes).isEmpty, "undocumented: \(registered.subtracting(document.routes).sorted())")
            #expect(document.routes.subtracting(registered).isEmpty, "documented but not routed: \(document.routes.subtracting(registered).sorted())")
        }
    }

    @Test func underHearthServeTheDocumentsServerIsTheMount() async throws {
        try await TestServer.run(engine: .sqlite, apps: [PantryPalApp(settings: PantryServer.settings())]) { (server: TestServer) async throws in
            let response = try await server.request(.GET, "/pantrypal/openapi.json")
            #expect(response.status == 200)
            #expect(response.json["servers"]?[0]?["url"] == "/pantrypal")
            #expect(response.json["paths"]?["/api/auth/register"] != nil)
        }
    }

    /// The router's own 404 would mean a documented path or method is not served at all.
    @Test func everyDocumentedOperationReachesAHandlerAndAnswersADeclaredStatus() async throws {
        let document = try Self.load()
        try await PantryServer.run(engine: .sqlite, settings: Self.everyRouteSettings) { (pantry: PantryServer) async throws in
            let unknown = try await pantry.call(try await pantry.owner("openapi@example.com"), .GET, "/api/no-such-route")
            #expect(unknown.status == 404)
            for (index, operation) in document.operations.enumerated() {
                // A fresh owner each time: a logout or an account deletion must not shut out the rest.
                let owner = try await pantry.owner("openapi-\(index)@example.com")
                let path = operation.path.replacingOccurrences(of: #"\{[^}]+\}"#, with: "00000000-0000-4000-8000-000000000000", options: .regularExpression)
                let method = HTTPMethod(rawValue: operation.method.uppercased())
                let response = try await pantry.call(owner, method, path, method == .GET || method == .DELETE ? nil : [:])
                let label = "\(method) \(path)"
                #expect(response.body != unknown.body || response.status != 404, "\(label) is not routed")
                #expect(response.status < 500, "\(label) answered \(response.status) \(response.text.prefix(200))")
                let declared = operation.object["responses"]?.objectValue?.keys.contains(String(response.status)) ?? false
                #expect(declared, "\(label) answered \(response.status), which the document does not declare")
            }
        }
    }
}
