import HearthCore
import HearthServer
import HearthTesting
import Testing

/// `hearth admin` on ListAll, acting as another process would (its own platform over the
/// server's database) while the real server answers over HTTP, on every engine.
@Suite struct ListAllAdminTests {
    static func login(_ server: TestServer, _ email: String, _ password: String = "correct horse") async throws -> TestResponse {
        try await server.request(.POST, "/api/v1/auth/login", json: ["email": .string(email), "password": .string(password)])
    }

    static func me(_ server: TestServer, _ user: ListAllUser) async throws -> TestResponse {
        try await server.request(.GET, "/api/v1/auth/me", headers: user.auth)
    }

    @Test(arguments: TestEngine.available)
    func disablingEndsTheAccessTokenAndRefreshAtOnceAndEnablingRestoresSignIn(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { (server: TestServer) async throws in
            let user = try await server.register("lister@example.com")
            let admin = try await server.administrator(for: "listall")
            let account = try await admin.find("lister@example.com")
            try await admin.disable(account)

            let me = try await Self.me(server, user)
            #expect(me.status == 401)
            #expect(me.json["error"]?["code"] == "ACCOUNT_DISABLED")
            #expect(try await server.request(.GET, "/api/hearth/v1/sync/changes", headers: user.auth).status == 401)
            let refresh = try await server.request(.POST, "/api/v1/auth/refresh", json: ["refresh_token": .string(user.refreshToken)])
            #expect(refresh.status == 401)
            #expect(refresh.json["error"]?["code"] == "ACCOUNT_DISABLED")
            let login = try await Self.login(server, "lister@example.com")
            #expect(login.status == 403)
            #expect(login.json["error"]?["message"]?.stringValue?.contains("disabled") == true)

            #expect(try await admin.enable(account))
            let again = try await Self.login(server, "lister@example.com")
            #expect(again.status == 200)
            let token = try #require(again.json["access_token"]?.stringValue)
            #expect(try await server.request(.GET, "/api/v1/auth/me", headers: [("Authorization", "Bearer \(token)")]).status == 200)
            #expect(try await Self.me(server, user).status == 401, "the token from before stays ended")
        }
    }

    @Test(arguments: TestEngine.available)
    func aPasswordSetByTheOperatorSignsInAndTheOldOneNoLonger(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { (server: TestServer) async throws in
            let user = try await server.register("lister@example.com")
            let admin = try await server.administrator(for: "listall")
            await #expect(throws: APIError.self) { try await admin.setPassword("short", of: user.id) }
            try await admin.setPassword("another long password", of: user.id)
            #expect(try await Self.login(server, "lister@example.com", "another long password").status == 200)
            #expect(try await Self.login(server, "lister@example.com").status == 401)
            #expect(try await Self.me(server, user).status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingAUserTombstonesAllTheirDocumentsAndLeavesOthersAlone(engine: TestEngine) async throws {
        try await TestServer.listAll(engine: engine) { (server: TestServer) async throws in
            let gone = try await server.register("gone@example.com")
            let stays = try await server.register("stays@example.com")
            let list = ListAllDocs.id()
            let item = ListAllDocs.id()
            for user in [gone, stays] {
                let results = try await server.push(user, [
                    ListAllDocs.put("lists", list, ListAllDocs.list()),
                    ListAllDocs.put("items", item, ListAllDocs.item(list: list)),
                    ListAllDocs.put("images", ListAllDocs.id(), ListAllDocs.image(item: item)),
                ])
                #expect(results.allSatisfy { $0["status"] == "applied" }, "\(results)")
            }
            let admin = try await server.administrator(for: "listall")
            let deletion = try await admin.delete(try await admin.find(gone.id))
            #expect(deletion.removed.contains(.init("lists", 1)) && deletion.removed.contains(.init("images", 1)))
            #expect(deletion.removed.contains(.init("account", 1)))

            let statistics = try await StorageStatistics.collect(platform: server.platform, apps: server.platform.apps)
            let app = try #require(statistics.apps.first)
            #expect(app.accounts == 1)
            for collection in ["lists", "items", "images"] {
                let counts = try #require(app.collections.first { $0.name == collection })
                #expect(counts.live == 1 && counts.deleted == 1, "\(collection): only the deleted user's are tombstones")
            }
            #expect(app.tables.first { $0.name == "la_children" }?.rows == 2, "only the remaining user's items and images")
            #expect(try await server.documents(stays, "items").count == 1)
            #expect(try await Self.login(server, "gone@example.com").status == 401)
            #expect(try await Self.me(server, gone).status == 401)
        }
    }
}
