import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// `/auth/v1/admin/users…` behind the service role (research doc §5.10).
@Suite struct AdminTests {
    static let service = "service-" + String(repeating: "s", count: 40)
    static let secret = Array("an operator's jwt secret of 32+ chars".utf8)

    static var settings: KnotSettings {
        var settings = KnotSettings()
        settings.serviceRoleKey = service
        settings.jwtSecret = secret
        return settings
    }

    static let admin = [("Authorization", "Bearer \(service)")] + GoTrue.versioned

    @Test(arguments: TestEngine.available)
    func theServiceKeyCreatesListsShowsUpdatesAndDeletesUsers(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.settings) { server in
            let created = try await server.request(
                .POST, "/auth/v1/admin/users",
                json: ["email": "pat@example.com", "password": "correct horse battery", "email_confirm": true, "user_metadata": ["name": "Pat"]],
                headers: Self.admin)
            #expect(created.status == 200)
            let id = try #require(created.json["id"]?.stringValue)
            #expect(created.json["email_confirmed_at"]?.stringValue != nil)
            #expect(created.json["user_metadata"] == ["name": "Pat"])
            #expect(try await server.signIn("pat@example.com").userID == id)

            let duplicate = try await server.request(.POST, "/auth/v1/admin/users", json: ["email": "PAT@example.com"], headers: Self.admin)
            #expect(duplicate.status == 422)
            #expect(duplicate.json["code"] == "email_exists")

            _ = try await server.signUp("sam@example.com")
            let list = try await server.request(.GET, "/auth/v1/admin/users?page=1&per_page=1", headers: Self.admin)
            #expect(list.status == 200)
            #expect(list.json["aud"] == "authenticated")
            #expect(list.json["users"]?.arrayValue?.count == 1)
            #expect(list.header("X-Total-Count") == "2")
            #expect(list.header("Link")?.contains("rel=\"next\"") == true)

            // Swift's admin client interpolates an upper-case UUID.
            let shown = try await server.request(.GET, "/auth/v1/admin/users/\(id.uppercased())", headers: Self.admin)
            #expect(shown.json["id"]?.stringValue == id)
            let updated = try await server.request(
                .PUT, "/auth/v1/admin/users/\(id)", json: ["user_metadata": ["name": "Patricia"], "app_metadata": ["plan": "pro"]],
                headers: Self.admin)
            #expect(updated.json["user_metadata"] == ["name": "Patricia"])
            #expect(updated.json["app_metadata"] == ["provider": "email", "providers": ["email"], "plan": "pro"])

            let deleted = try await server.request(
                .DELETE, "/auth/v1/admin/users/\(id)", headers: Self.admin, body: Array(#"{"should_soft_delete":false}"#.utf8))
            #expect(deleted.status == 200)
            #expect(deleted.json == [:])
            #expect(try await server.count("knot_users", where: "id = ?", [id]) == 0)
            #expect(try await server.count("knot_auth_identities", where: "user_id = ?", [id]) == 0)
            let gone = try await server.request(.GET, "/auth/v1/admin/users/\(id)", headers: Self.admin)
            #expect(gone.status == 404)
            #expect(gone.json["code"] == "user_not_found")
            let emptyBody = try await server.request(.DELETE, "/auth/v1/admin/users/\(id)", headers: Self.admin)
            #expect(emptyBody.status == 404)
            let notUUID = try await server.request(.GET, "/auth/v1/admin/users/not-a-uuid", headers: Self.admin)
            #expect(notUUID.status == 404)
            #expect(notUUID.json == ["code": "validation_failed", "message": "user_id must be an UUID"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aServiceRoleTokenIsAcceptedAndUserTokensAreNot(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.settings) { server in
            let user = try await server.signUp("pat@example.com")
            let asUser = try await server.request(.GET, "/auth/v1/admin/users", headers: GoTrue.versioned + user.auth)
            #expect(asUser.status == 403)
            #expect(asUser.json == ["code": "not_admin", "message": "User not allowed"])
            let none = try await server.request(.GET, "/auth/v1/admin/users", headers: GoTrue.versioned)
            #expect(none.status == 401)
            #expect(none.json["code"] == "no_authorization")
            let forged = KnotAuthKeysForTests.sign(["role": "service_role", "exp": 9_999_999_999], secret: Array(repeating: 9, count: 32))
            let bad = try await server.request(.GET, "/auth/v1/admin/users", headers: GoTrue.versioned + [("Authorization", "Bearer \(forged)")])
            #expect(bad.status == 403)
            #expect(bad.json["code"] == "bad_jwt")
            let role = KnotAuthKeysForTests.sign(["role": "service_role", "exp": 9_999_999_999], secret: Self.secret)
            let good = try await server.request(.GET, "/auth/v1/admin/users", headers: GoTrue.versioned + [("Authorization", "Bearer \(role)")])
            #expect(good.status == 200)
        }
    }

    @Test(arguments: TestEngine.available)
    func withoutAServiceKeyTheAdminRoutesAreClosed(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let response = try await server.request(.GET, "/auth/v1/admin/users", headers: GoTrue.versioned + [("Authorization", "Bearer anything")])
            #expect(response.status == 403)
            #expect(response.json["code"] == "not_admin")
        }
    }
}
