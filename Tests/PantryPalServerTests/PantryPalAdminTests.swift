import HearthCore
import HearthServer
import HearthTesting
import Testing

/// `hearth admin` on PantryPal, acting as another process would (its own platform over
/// the server's database) while the real server answers over HTTP, on every engine.
@Suite struct PantryPalAdminTests {
    static let password = "correct horse battery"

    static func login(_ pantry: PantryServer, _ email: String, _ password: String = password) async throws -> TestResponse {
        try await pantry.call(nil, .POST, "/api/auth/login", ["email": .string(email), "password": .string(password), "refreshable": true])
    }

    static func administrator(_ pantry: PantryServer) async throws -> AccountAdministrator {
        try await pantry.server.administrator(for: "pantrypal")
    }

    static func rows(_ pantry: PantryServer, _ sql: String, _ value: String) async throws -> Int64 {
        try await pantry.server.platform.database.read { executor in
            try await executor.queryFirst(sql, [.text(value)])?.int("n") ?? -1
        }
    }

    @Test(arguments: TestEngine.available)
    func disablingEndsEveryTokenAtOnceAndBlocksSignInAndRefresh(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let alice = try await pantry.register("alice@example.com")
            let bob = try await pantry.register("bob@example.com")
            let signedIn = try await Self.login(pantry, "alice@example.com")
            let refreshToken = try #require(signedIn.json["refreshToken"]?.stringValue)
            let admin = try await Self.administrator(pantry)
            #expect(try await admin.disable(try await admin.find("Alice@Example.com")))

            let me = try await pantry.call(alice, .GET, "/api/auth/me")
            #expect(me.status == 401)
            #expect(me.json["code"] == "ACCOUNT_DISABLED")
            #expect(me.json["error"]?.stringValue?.contains("disabled by the server's operator") == true)
            let refresh = try await pantry.call(nil, .POST, "/api/auth/refresh", ["refreshToken": .string(refreshToken)])
            #expect(refresh.status == 401)
            #expect(refresh.json["code"] == "ACCOUNT_DISABLED")
            let login = try await Self.login(pantry, "alice@example.com")
            #expect(login.status == 403)
            #expect(login.json["code"] == "ACCOUNT_DISABLED")
            #expect(try await Self.login(pantry, "alice@example.com", "wrong password").status == 401)
            #expect(try await pantry.call(bob, .GET, "/api/auth/me").status == 200, "nobody else is affected")
        }
    }

    @Test(arguments: TestEngine.available)
    func enablingLetsTheAccountSignInAgainWhileItsOldSessionsStayEnded(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let alice = try await pantry.register("alice@example.com")
            let admin = try await Self.administrator(pantry)
            let account = try await admin.find(alice.id)
            try await admin.disable(account)
            #expect(try await admin.enable(account))

            let login = try await Self.login(pantry, "alice@example.com")
            #expect(login.status == 200)
            let fresh = PantryServer.Member(id: alice.id, email: alice.email, token: login.json["token"]?.stringValue ?? "")
            #expect(try await pantry.call(fresh, .GET, "/api/auth/me").status == 200)
            #expect(try await pantry.call(alice, .GET, "/api/auth/me").status == 401, "the token from before stays revoked")
        }
    }

    @Test(arguments: TestEngine.available)
    func aPasswordSetByTheOperatorSignsInAndTheOldOneNoLonger(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let alice = try await pantry.register("alice@example.com")
            let admin = try await Self.administrator(pantry)
            await #expect(throws: APIError.self, "registration's rule: 8 to 128 characters") {
                try await admin.setPassword("1234567", of: alice.id)
            }
            try await admin.setPassword("a brand new password", of: alice.id)
            #expect(try await Self.login(pantry, "alice@example.com", "a brand new password").status == 200)
            #expect(try await Self.login(pantry, "alice@example.com").status == 401)
            #expect(try await pantry.call(alice, .GET, "/api/auth/me").status == 401, "the session from before the reset ended")
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingTheLastMemberDeletesTheHouseholdAndLeavesOtherHouseholdsAlone(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let alice = try await pantry.owner("alice@example.com")
            let carol = try await pantry.owner("carol@example.com")
            for member in [alice, carol] {
                let product = try await pantry.product(member, "Oat milk")
                try await pantry.expect(pantry.stock(member, product: product, at: try await pantry.location(member, "Fridge")), 201)
            }
            let household = try #require(alice.householdID)
            let admin = try await Self.administrator(pantry)
            let deletion = try await admin.delete(try await admin.find("alice@example.com"))
            #expect(deletion.removed.contains(.init("households", 1)) && deletion.removed.contains(.init("inventory items", 1)))

            #expect(try await Self.rows(pantry, "SELECT COUNT(*) AS n FROM pp_households WHERE id = ?", household) == 0)
            for table in ["pp_inventory", "pp_locations", "pp_products", "pp_sync_log"] {
                #expect(try await Self.rows(pantry, "SELECT COUNT(*) AS n FROM \(table) WHERE household_id = ?", household) == 0, "\(table)")
            }
            #expect(try await Self.rows(pantry, "SELECT COUNT(*) AS n FROM pp_users WHERE id = ?", alice.id) == 0)
            #expect(try await Self.rows(pantry, "SELECT COUNT(*) AS n FROM pp_sessions WHERE user_id = ?", alice.id) == 0)
            #expect(try await pantry.call(alice, .GET, "/api/auth/me").status == 401)
            #expect(try await Self.login(pantry, "alice@example.com").status == 401)

            let carolsStock = try await pantry.call(carol, .GET, "/api/inventory")
            #expect(carolsStock.status == 200 && carolsStock.json.arrayValue?.count == 1, "another household is untouched")
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingOneMemberOfASharedHouseholdOnlyEndsTheirMembership(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com", premium: true)
            let member = try await pantry.member("member@example.com", joining: owner)
            let product = try await pantry.product(owner, "Rice")
            try await pantry.expect(pantry.stock(owner, product: product, at: try await pantry.location(owner, "Pantry")), 201)
            let admin = try await Self.administrator(pantry)
            _ = try await admin.delete(try await admin.find("owner@example.com"))

            let members = try await pantry.call(member, .GET, "/api/household/members")
            #expect(members.status == 200)
            let listed = members.json["members"]?.arrayValue ?? []
            #expect(listed.map { $0["id"] } == [.string(member.id)])
            #expect(listed.first?["isOwner"] == true, "ownership passed to the remaining member")
            #expect(try await pantry.call(member, .GET, "/api/inventory").json.arrayValue?.count == 1, "the household keeps its data")
            #expect(try await Self.rows(pantry, "SELECT COUNT(*) AS n FROM pp_users WHERE id = ?", owner.id) == 0)
        }
    }

    @Test(arguments: TestEngine.available)
    func listingAndStatisticsCountTheAccounts(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            _ = try await pantry.register("jane@example.com", first: "Jane", last: "Doe")
            _ = try await pantry.owner("john@example.org")
            let admin = try await Self.administrator(pantry)
            let found = try await admin.list(matching: "jane DOE", limit: 10)
            #expect(found.accounts.map(\.account.email) == ["jane@example.com"] && found.total == 1)
            #expect(found.accounts.first?.account.name == "Jane Doe" && found.accounts.first?.account.createdAt != nil)
            try await admin.disable(try await admin.find("john@example.org"))

            let statistics = try await StorageStatistics.collect(platform: pantry.server.platform, apps: pantry.server.platform.apps)
            let app = try #require(statistics.apps.first)
            #expect(app.accounts == 2 && app.disabledAccounts == 1)
            #expect(app.tables.first { $0.name == "pp_users" }?.rows == 2)
            #expect(app.tables.first { $0.name == "pp_households" }?.rows == 1)
            #expect(app.collections.isEmpty, "PantryPal keeps no synced documents")
        }
    }
}
