import HearthCore
import HearthServer
import HearthTesting
import Testing

/// `GET /` when every app is served: HTML for a browser, JSON for a program, and the
/// platform-served API document of each app at `<mount>/openapi.json`.
@Suite struct HomePageTests {
    static let document = #"{"openapi": "3.0.3", "info": {"title": "Notes", "version": "1"}, "servers": [{"url": "/"}], "paths": {}}"#

    static var apps: [NotesTestApp] {
        var documented = NotesTestApp()
        documented.apiDocument = APIDocument(text: document)
        return [documented, NotesTestApp(name: "other")]
    }

    @Test func aBrowserGetsAPageLinkingEveryAppAndItsAPIDocument() async throws {
        try await TestServer.run(engine: .sqlite, apps: Self.apps) { (server: TestServer) async throws in
            let page = try await server.request(.GET, "/", headers: [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")])
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            let html = page.text
            #expect(html.contains("Hearth") && html.contains(HearthVersion.current))
            #expect(html.contains("Notes (notes)") && html.contains("Notes (other)"))
            #expect(html.contains(#"href="/notes/openapi.json""#))
            #expect(!html.contains(#"href="/other/openapi.json""#), "an app without a document gets no link")
            #expect(html.contains(#"href="/health""#) && html.contains(#"href="/metrics""#))
            #expect(!html.contains("<script"), "a plain page")
        }
    }

    @Test func aProgramAskingForJSONGetsTheSameAsJSON() async throws {
        try await TestServer.run(engine: .sqlite, apps: Self.apps) { (server: TestServer) async throws in
            let response = try await server.request(.GET, "/", headers: [("Accept", "application/json")])
            #expect(response.status == 200)
            let home = response.json
            #expect(home["name"] == "Hearth")
            #expect(home["version"] == .string(HearthVersion.current))
            #expect(home["health"] == "/health")
            let apps = try #require(home["apps"]?.arrayValue)
            #expect(apps.map { $0["url"] } == ["/notes", "/other"])
            #expect(apps[0]["api_document"] == "/notes/openapi.json")
            #expect(apps[1]["api_document"] == .null)
            #expect(apps[0]["summary"]?.stringValue?.isEmpty == false)
        }
    }

    @Test func theAPIDocumentIsServedWithItsServerAtTheMount() async throws {
        try await TestServer.run(engine: .sqlite, apps: Self.apps) { (server: TestServer) async throws in
            let response = try await server.request(.GET, "/notes/openapi.json")
            #expect(response.status == 200)
            #expect(response.json["servers"]?[0]?["url"] == "/notes")
            #expect(try await server.request(.GET, "/other/openapi.json").status == 404)
        }
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = "notes"
        try await TestServer.run(engine: .sqlite, apps: Self.apps, configuration: configuration) { (server: TestServer) async throws in
            #expect(try await server.request(.GET, "/openapi.json").json["servers"]?[0]?["url"] == "/")
        }
    }

    @Test func withOneAppAtTheRootTheRootIsThatAppsNotTheHomePage() async throws {
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = "notes"
        try await TestServer.run(engine: .sqlite, apps: Self.apps, configuration: configuration) { (server: TestServer) async throws in
            let root = try await server.request(.GET, "/", headers: [("Accept", "application/json")])
            #expect(root.json["name"] != "Hearth")
        }
    }

    @Test func aDocumentThatIsNotJSONIsRefusedRatherThanServed() {
        #expect(APIDocument(text: "{ not json").text == nil)
        #expect(APIDocument(text: Self.document).mounted(at: "/notes")?.contains(#""url": "/notes""#) == true)
    }
}
