import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

/// Mounting, platform endpoints, middleware and error handling of the assembled server.
@Suite struct PlatformTests {
    @Test(arguments: TestEngine.available)
    func healthReportsTheDatabaseAnd503WhenItIsGone(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let healthy = try await server.request(.GET, "/health")
            #expect(healthy.status == 200)
            #expect(healthy.json == ["status": "ok", "database": "ok"])
            await server.platform.database.close()
            let down = try await server.request(.GET, "/health")
            #expect(down.status == 503)
            #expect(down.json["status"] == "unavailable")
        }
    }

    @Test func appsAreMountedUnderTheirNames() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp(), NotesTestApp(name: "other")]) { (server: TestServer) async throws in
            #expect(try await server.request(.GET, "/notes/health").json == ["app": "notes"])
            #expect(try await server.request(.GET, "/other/health").json == ["app": "notes"])
            #expect(try await server.request(.GET, "/health").json["status"] == "ok")
            let missing = try await server.request(.GET, "/nowhere")
            #expect(missing.status == 404)
            #expect(missing.json["error"]?["code"] == "NOT_FOUND")
        }
    }

    @Test func anAppAtTheRootOwnsItsPathsAndThePlatformMovesToUnderscoreHearth() async throws {
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = "notes"
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp(), NotesTestApp(name: "other")], configuration: configuration) { (server: TestServer) async throws in
            #expect(try await server.request(.GET, "/health").json == ["app": "notes"])
            #expect(try await server.request(.GET, "/_hearth/health").json["status"] == "ok")
            #expect(try await server.request(.GET, "/metrics").text.contains("hearth_http_requests_total"))
            #expect(try await server.request(.GET, "/other/health").status == 404)
            // Unmatched paths answer in the root app's own error format.
            #expect(try await server.request(.GET, "/nowhere").json["code"] == "NOT_FOUND")
        }
    }

    @Test func anUnknownRootAppIsAConfigurationErrorNamingTheChoices() async throws {
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = "nope"
        let scratch = try ScratchDatabase.sqlite()
        defer { Task { await scratch.drop() } }
        #expect {
            _ = try HearthPlatform(
                configuration: configuration, database: scratch.database, available: [NotesTestApp()], secret: Array(repeating: 1, count: 32),
                threadPool: .singleton, logger: .quietTestLogger)
        } throws: { error in
            (error as? ConfigurationError)?.message.contains("choose one of: notes") == true
        }
    }

    @Test func bodiesOverTheAppsLimitAre413InTheAppsFormat() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let small = try await server.request(.POST, "/notes/echo", json: ["ok": true])
            #expect(small.json == ["ok": true])
            let big = try await server.request(.POST, "/notes/echo", body: Array("\"\(String(repeating: "x", count: 70_000))\"".utf8))
            #expect(big.status == 413)
            #expect(big.json["code"] == "PAYLOAD_TOO_LARGE")
            #expect(big.json["detail"]?.stringValue?.contains("65536") == true)
        }
    }

    @Test func malformedJSONIsA400ThatSaysWhere() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            for body in ["{\"a\":1,\"a\":2}", "{\"a\":", "[1,]", String(repeating: "[", count: 100) + String(repeating: "]", count: 100)] {
                let response = try await server.request(.POST, "/notes/echo", body: Array(body.utf8))
                #expect(response.status == 400, "\(body.prefix(20))")
                #expect(response.json["detail"]?.stringValue?.contains("invalid JSON at byte") == true)
            }
            let invalidUTF8 = try await server.request(.POST, "/notes/echo", body: [0x22, 0xFF, 0xFE, 0x22])
            #expect(invalidUTF8.status == 400)
        }
    }

    @Test func unexpectedErrorsAre500sThatRevealNothing() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let response = try await server.request(.GET, "/notes/crash")
            #expect(response.status == 500)
            #expect(response.json["code"] == "INTERNAL_ERROR")
            #expect(!response.text.contains("hunter2"))
            #expect(!response.text.contains(".swift"))
        }
    }

    @Test func everyResponseCarriesARequestIDAndASaneOneIsKept() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let generated = try await server.request(.GET, "/health")
            #expect((generated.header("X-Request-ID")?.count ?? 0) >= 16)
            let kept = try await server.request(.GET, "/health", headers: [("X-Request-ID", "trace-abc.123")])
            #expect(kept.header("X-Request-ID") == "trace-abc.123")
            let replaced = try await server.request(.GET, "/health", headers: [("X-Request-ID", "<script>")])
            #expect(replaced.header("X-Request-ID") != "<script>")
        }
    }

    @Test func corsAnswersOnlyConfiguredOrigins() async throws {
        var configuration = TestServer.testConfiguration()
        configuration.corsOrigins = ["https://app.example.com"]
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()], configuration: configuration) { (server: TestServer) async throws in
            let preflight = try await server.request(
                .OPTIONS, "/notes/api/hearth/v1/sync/changes",
                headers: [("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "GET")])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example.com")
            let allowed = try await server.request(.GET, "/health", headers: [("Origin", "https://app.example.com")])
            #expect(allowed.header("Access-Control-Allow-Origin") == "https://app.example.com")
            let foreign = try await server.request(.GET, "/health", headers: [("Origin", "https://evil.example")])
            #expect(foreign.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func metricsCountRequestsByRoute() async throws {
        try await TestServer.run(engine: .sqlite, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            _ = try await server.request(.GET, "/notes/health")
            let metrics = try await server.request(.GET, "/metrics")
            #expect(metrics.header("Content-Type")?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains("route=\"/notes/health\""))
        }
    }

    @Test func gracefulShutdownFinishesRequestsInFlight() async throws {
        let scratch = try ScratchDatabase.sqlite()
        let platform = try HearthPlatform(
            configuration: TestServer.testConfiguration(), database: scratch.database, available: [NotesTestApp()],
            secret: Array(repeating: 9, count: 32), threadPool: .singleton, logger: .quietTestLogger)
        try await platform.migrate()
        let outcome = try await ShutdownProbe.requestDuringShutdown(platform: platform, path: "/notes/slow?ms=700")
        await scratch.drop()
        #expect(outcome.status == 200)
        #expect(outcome.body == ["slept": 700])
    }
}

extension NotesTestApp {
    init(name: String) {
        self.init()
        self.name = name
    }
}
