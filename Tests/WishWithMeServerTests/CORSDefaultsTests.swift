import HearthCore
import HearthServer
import HearthTesting
import Testing
import WishWithMeServer

/// Spec §1.9: the PWA at https://wishwith.me calls the API cross-origin, so its origin is
/// allowed unless the operator lists origins of their own.
@Suite struct CORSDefaultsTests {
    @Test(arguments: TestEngine.available)
    func thePWAsPreflightIsAnsweredByDefault(engine: TestEngine) async throws {
        try await TestServer.wishWithMe(engine: engine) { server in
            let preflight = try await server.request(
                .OPTIONS, "/api/v2/sync/push/items",
                headers: [("Origin", "https://wishwith.me"), ("Access-Control-Request-Method", "POST")])
            #expect(preflight.status == 204)
            #expect(preflight.headers.first(name: "Access-Control-Allow-Origin") == "https://wishwith.me")
            let stranger = try await server.request(
                .OPTIONS, "/api/v2/sync/push/items", headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")])
            #expect(stranger.headers.first(name: "Access-Control-Allow-Origin") == nil)
        }
    }

    @Test(arguments: TestEngine.available)
    func operatorsOriginsReplaceTheDefaultAndTheDefaultStaysWithItsApp(engine: TestEngine) async throws {
        var configuration = TestServer.testConfiguration()
        configuration.corsOrigins = ["https://mine.example"]
        try await TestServer.wishWithMe(engine: engine, configuration: configuration) { server in
            let pwa = try await server.request(.GET, "/healthz", headers: [("Origin", "https://wishwith.me")])
            #expect(pwa.headers.first(name: "Access-Control-Allow-Origin") == nil)
            let mine = try await server.request(.GET, "/healthz", headers: [("Origin", "https://mine.example")])
            #expect(mine.headers.first(name: "Access-Control-Allow-Origin") == "https://mine.example")
        }
        try await TestServer.run(engine: engine, apps: [WishWithMeApp()]) { server in
            let inside = try await server.request(.GET, "/wishwithme/healthz", headers: [("Origin", "https://wishwith.me")])
            #expect(inside.headers.first(name: "Access-Control-Allow-Origin") == "https://wishwith.me")
            let outside = try await server.request(.GET, "/health", headers: [("Origin", "https://wishwith.me")])
            #expect(outside.headers.first(name: "Access-Control-Allow-Origin") == nil)
        }
    }
}
