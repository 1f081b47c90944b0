import Foundation
import HearthCore
import HearthServer
import HearthTesting
import KnotServer
import Testing

/// `/recover`, `/resend`, and operators' `hearth admin` on Knot accounts.
@Suite struct RecoveryAndAdministrationTests {
    @Test(arguments: TestEngine.available)
    func aRecoveryCodeSignsInSoThePasswordCanBeReplaced(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            let unknown = try await server.auth("recover", ["email": "nobody@example.com"])
            #expect(unknown.status == 200)
            #expect(unknown.json == [:])
            #expect(try server.knotOutbox().isEmpty)
            #expect(try await server.auth("recover", ["email": "pat@example.com"]).status == 200)
            let mail = try server.lastMail()
            #expect(mail["link"]?.stringValue?.contains("type=recovery") == true)
            let code = try #require(mail["otp"]?.stringValue)
            let session = try await server.auth("verify", ["type": "recovery", "email": "pat@example.com", "token": .string(code)])
            #expect(session.status == 200)
            let access = try #require(session.json["access_token"]?.stringValue)
            let changed = try await server.request(
                .PUT, "/auth/v1/user", json: ["password": "a brand new one"], headers: GoTrue.versioned + [("Authorization", "Bearer \(access)")])
            #expect(changed.status == 200)
            #expect(try await server.signIn("pat@example.com", password: "a brand new one").userID == user.userID)
        }
    }

    @Test(arguments: TestEngine.available)
    func resendMailsTheConfirmationOnlyToAnUnconfirmedAccount(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.mailerAutoconfirm = false
        settings.emailRateLimitSeconds = 0
        try await TestServer.knot(engine: engine, settings: settings) { server in
            _ = try await server.auth("signup", ["email": "pat@example.com", "password": "correct horse battery"])
            #expect(try await server.auth("resend", ["type": "signup", "email": "pat@example.com"]).status == 200)
            let mails = try server.knotOutbox()
            #expect(mails.count == 2)
            let code = try #require(mails.last?["otp"]?.stringValue)
            #expect(try await server.auth("verify", ["type": "signup", "email": "pat@example.com", "token": .string(code)]).status == 200)
            #expect(try await server.auth("resend", ["type": "signup", "email": "pat@example.com"]).status == 200)
            #expect(try server.knotOutbox().count == 2)
            let badType = try await server.auth("resend", ["type": "sms", "email": "pat@example.com"])
            #expect(badType.json["code"] == "validation_failed")
        }
    }

    @Test(arguments: TestEngine.available)
    func operatorsFindDisableAndDeleteKnotAccounts(engine: TestEngine) async throws {
        try await TestServer.knotProbe(engine: engine) { server in
            let pat = try await server.signUp("pat@example.com")
            _ = try await server.signUp("sam@example.com")
            let admin = try await server.administrator(for: "knot")
            let listed = try await admin.list(matching: "PAT@", limit: 10)
            #expect(listed.accounts.map(\.account.userID) == [pat.userID])
            let account = try await admin.find("Pat@Example.com")
            #expect(account.userID == pat.userID)

            try await admin.disable(account)
            #expect(try await server.request(.GET, "/probe/user", headers: pat.auth).status == 401)
            let refused = try await server.auth("token?grant_type=password", ["email": "pat@example.com", "password": "correct horse battery"])
            #expect(refused.status == 400)
            #expect(refused.json == ["code": "user_banned", "message": "User is banned"])
            try await admin.enable(account)
            let back = try await server.signIn("pat@example.com")

            try await admin.setPassword("set by operator", of: pat.userID)
            #expect(try await server.request(.GET, "/probe/user", headers: back.auth).status == 401)
            _ = try await server.signIn("pat@example.com", password: "set by operator")
            #expect(throws: APIError.self) { try admin.administration.validateNewPassword("abc") }

            let deletion = try await admin.delete(account)
            #expect(deletion.removed.contains(AccountDeletion.Removed("account", 1)))
            #expect(try await server.count("knot_auth_users", where: "id = ?", [pat.userID]) == 0)
            #expect(try await server.count("knot_users", where: "id = ?", [pat.userID]) == 0)
        }
    }
}
