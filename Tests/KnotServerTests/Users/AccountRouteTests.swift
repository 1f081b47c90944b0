import HearthCore
import HearthTesting
import Testing

@testable import KnotServer

/// `/api/v1/me` and `/api/v1/users/*` over HTTP on both engines (spec §5.1, §5.7,
/// §13 cases 63–66).
@Suite struct AccountRouteTests {
    @Test(arguments: TestEngine.available)
    func meAnswersTheCallersIdOnlyWithAValidToken(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("me@example.com")
            let me = try await server.api(user, .GET, "/api/v1/me")
            #expect(me.json == ["user_id": .string(user.userID)])
            let anonymous = try await server.api(nil, .GET, "/api/v1/me")
            #expect(anonymous.status == 401)
            #expect(anonymous.header("WWW-Authenticate") == "Bearer")
        }
    }

    // Case 63.
    @Test(arguments: TestEngine.available)
    func preferencesHaveDefaultsAndArePartiallyUpdatedWithChecks(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("prefs@example.com")
            let path = "/api/v1/users/me/notification-preferences"
            let defaults: JSONValue = ["notifications_enabled": true, "quiet_hours_start": 22, "quiet_hours_end": 8, "timezone": nil]
            #expect(try await server.api(user, .GET, path).json == defaults)
            for (body, field) in [
                (["quiet_hours_start": 24], "quiet_hours_start"), (["quiet_hours_end": -1], "quiet_hours_end"),
                (["quiet_hours_start": 7.5], "quiet_hours_start"), (["timezone": "Not/AZone"], "timezone"),
                (["timezone": ""], "timezone"), (["notifications_enabled": "yes"], "notifications_enabled"),
            ] as [(JSONValue, String)] {
                let response = try await server.api(user, .PUT, path, body)
                #expect(response.status == 422, "\(body)")
                #expect(response.json["detail"]?[0]?["loc"] == ["body", .string(field)], "\(body)")
            }
            #expect(try await server.api(user, .GET, path).json == defaults)

            let end = try await server.api(user, .PUT, path, ["quiet_hours_end": 7])
            #expect(end.status == 200)
            #expect(end.json == ["notifications_enabled": true, "quiet_hours_start": 22, "quiet_hours_end": 7, "timezone": nil])
            let more = try await server.api(
                user, .PUT, path, ["timezone": "America/New_York", "notifications_enabled": false, "quiet_hours_start": nil])
            #expect(
                more.json == [
                    "notifications_enabled": false, "quiet_hours_start": 22, "quiet_hours_end": 7, "timezone": "America/New_York",
                ])
            #expect(try await server.api(user, .GET, path).json == more.json)
        }
    }

    // Case 64, with several devices per user (Hearth decision 8).
    @Test(arguments: TestEngine.available)
    func deviceTokensAreRegisteredOncePerUserThenUpdated(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("device@example.com")
            let path = "/api/v1/users/device-token"
            let first = try await server.api(user, .POST, path, ["device_token": " abc123 "])
            #expect(first.json == ["status": "registered", "device_token": "abc123", "platform": "ios"])
            let second = try await server.api(user, .POST, path, ["device_token": "def456", "platform": "android"])
            #expect(second.json == ["status": "updated", "device_token": "def456", "platform": "android"])
            let same = try await server.api(user, .POST, path, ["device_token": "abc123"])
            #expect(same.json["status"] == "updated")
            #expect(try await server.count("knot_device_tokens", where: "user_id = ?", [user.userID]) == 2)
            for (body, field) in [
                (["device_token": "   "], "device_token"), (["device_token": .string(String(repeating: "f", count: 201))], "device_token"),
                (["device_token": "abc", "platform": "windows"], "platform"), ([:], "device_token"),
            ] as [(JSONValue, String)] {
                let response = try await server.api(user, .POST, path, body)
                #expect(response.status == 422, "\(body)")
                #expect(response.json["detail"]?[0]?["loc"] == ["body", .string(field)], "\(body)")
            }
            // The same device signing in to another account moves to it.
            let other = try await server.signUp("other-device@example.com")
            #expect(try await server.api(other, .POST, path, ["device_token": "abc123"]).json["status"] == "registered")
            #expect(try await server.count("knot_device_tokens", where: "user_id = ?", [user.userID]) == 1)
        }
    }

    // Case 65.
    @Test(arguments: TestEngine.available)
    func deletingTheAccountRemovesEveryRowOfTheUserAndEndsTheToken(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("leaving@example.com")
            let staying = try await server.signUp("staying@example.com")
            for account in [user, staying] {
                _ = try await server.createVault(account)
                _ = try await server.addHint(account, "likes tea")
                try await server.api(account, .POST, "/api/v1/users/device-token", ["device_token": .string("tok-\(account.userID)")])
            }
            let deleted = try await server.api(user, .DELETE, "/api/v1/users/me")
            #expect(deleted.status == 200)
            #expect(deleted.json == ["status": "deleted", "message": "Account and all associated data have been permanently deleted."])

            #expect(try await server.api(user, .GET, "/api/v1/me").status == 401)
            #expect(try await server.api(user, .DELETE, "/api/v1/users/me").status == 401)
            for (table, column) in [
                ("knot_auth_users", "id"), ("knot_auth_identities", "user_id"), ("knot_auth_sessions", "user_id"),
                ("knot_auth_refresh_tokens", "user_id"), ("knot_auth_one_time_tokens", "user_id"), ("knot_auth_flow_state", "user_id"),
                ("knot_users", "id"), ("knot_device_tokens", "user_id"),
                ("knot_partner_vaults", "user_id"),
            ] {
                #expect(try await server.count(table, where: "\(column) = ?", [user.userID]) == 0, "\(table)")
            }
            // Every vault child row left belongs to the other user's vault.
            let left = try #require(try await server.api(staying, .GET, "/api/v1/vault").json["vault_id"]?.stringValue)
            for table in [
                "knot_partner_interests", "knot_partner_milestones", "knot_partner_vibes", "knot_partner_budgets",
                "knot_partner_love_languages", "knot_hints",
            ] {
                #expect(try await server.count(table, where: "vault_id <> ?", [left]) == 0, "\(table)")
                #expect(try await server.count(table, where: "vault_id = ?", [left]) > 0, "\(table)")
            }
            #expect(try await server.api(staying, .GET, "/api/v1/me").status == 200)
        }
    }

    // Case 66.
    @Test(arguments: TestEngine.available)
    func theExportHasEverySectionAndNoEmbeddings(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("export@example.com")
            let empty = try await server.api(user, .GET, "/api/v1/users/me/export")
            #expect(empty.status == 200)
            #expect(empty.json["vault"] == .null)
            for section in ["milestones", "hints", "recommendations", "feedback", "notifications"] {
                #expect(empty.json[section] == [], "\(section)")
            }
            #expect(empty.json["user"]?["id"]?.stringValue == user.userID)
            #expect(empty.json["user"]?["email"] == "export@example.com")
            #expect(empty.json["exported_at"]?.stringValue?.hasSuffix("+00:00") == true)

            let vaultID = try await server.createVault(user)
            let hint = try await server.addHint(user, "wants a pottery class")
            let full = try await server.api(user, .GET, "/api/v1/users/me/export").json
            #expect(full["vault"]?["id"]?.stringValue == vaultID)
            #expect(full["vault"]?["interests"] == ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"])
            #expect(
                full["vault"]?["budgets"]?[0] == [
                    "occasion_type": "just_because", "min_amount": 2000, "max_amount": 5000, "currency": "USD",
                ])
            #expect(full["vault"]?["love_languages"]?[0] == ["language": "quality_time", "priority": 1])
            #expect(full["milestones"]?.arrayValue?.count == 2)
            #expect(
                full["milestones"]?[0]?.objectValue.map { Set($0.keys) } == [
                    "id", "milestone_type", "milestone_name", "milestone_date", "recurrence", "budget_tier", "created_at",
                ])
            #expect(full["hints"] == [hint])
            #expect(full.serializedString().contains("embedding") == false)
        }
    }
}
