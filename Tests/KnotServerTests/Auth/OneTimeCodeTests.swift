import Foundation
import HearthCore
import HearthTesting
import KnotServer
import Testing

/// `POST /auth/v1/otp` and `POST /auth/v1/verify` with the mailed code (spec §13.16;
/// research doc §5.4, §5.5).
@Suite struct OneTimeCodeTests {
    static var confirmationsOn: KnotSettings {
        var settings = KnotSettings()
        settings.mailerAutoconfirm = false
        return settings
    }

    @Test(arguments: TestEngine.available)
    func anOTPForANewAddressMailsALinkAndACodeThatSignsInOnce(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, settings: Self.confirmationsOn, clock: clock) { server in
            let sent = try await server.auth("otp", ["email": "a@b.co", "create_user": true, "data": nil, "gotrue_meta_security": [:]])
            #expect(sent.status == 200)
            #expect(sent.json == [:])
            let mails = try server.knotOutbox()
            #expect(mails.count == 1)
            let mail = try #require(mails.first)
            #expect(mail["to"] == "a@b.co")
            #expect(mail["link"]?.stringValue?.contains("/auth/v1/verify?token=") == true)
            let code = try #require(mail["otp"]?.stringValue)
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            #expect(mail["text"]?.stringValue?.contains("/auth/v1/verify?token=") == true)

            let verified = try await server.auth("verify", ["type": "signup", "email": "a@b.co", "token": .string(code)])
            #expect(verified.status == 200)
            #expect(verified.json["token_type"] == "bearer")
            #expect(verified.json["user"]?["email_confirmed_at"]?.stringValue != nil)
            #expect(GoTrue.claims(verified.json["access_token"]?.stringValue ?? "")["amr"]?[0]?["method"] == "otp")

            let reused = try await server.auth("verify", ["type": "signup", "email": "a@b.co", "token": .string(code)])
            #expect(reused.status == 403)
            #expect(reused.json == ["code": "otp_expired", "message": "Token has expired or is invalid"])

            clock.advance(seconds: 30)
            let tooSoon = try await server.auth("otp", ["email": "a@b.co"])
            #expect(tooSoon.status == 429)
            #expect(tooSoon.json["code"] == "over_email_send_rate_limit")
            #expect(tooSoon.json["message"] == "For security purposes, you can only request this after 30 seconds.")
            #expect(try server.knotOutbox().count == 1)
            clock.advance(seconds: 31)
            #expect(try await server.auth("otp", ["email": "a@b.co"]).status == 200)
            #expect(try server.lastMail()["link"]?.stringValue?.contains("type=magiclink") == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func theEmailRateLimitIsKeptInTheDatabaseForEveryProcess(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            #expect(try await server.auth("otp", ["email": "a@b.co"]).status == 200)
            let rows = try await server.count("knot_auth_mail_sends", where: "email = ?", ["a@b.co"])
            #expect(rows == 1)
            // A second server on the same database must see the first one's send.
            try await TestServer.run(on: server.platform.database, apps: [KnotApp()], configuration: {
                var configuration = TestServer.testConfiguration()
                configuration.rootApp = "knot"
                configuration.dataDirectory = server.platform.configuration.dataDirectory
                return configuration
            }()) { second in
                let response = try await second.auth("otp", ["email": "a@b.co"])
                #expect(response.status == 429)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func withCreateUserFalseAnUnknownAddressIsOTPDisabledAndNothingIsCreated(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let response = try await server.auth("otp", ["email": "nobody@example.com", "create_user": false])
            #expect(response.status == 422)
            #expect(response.json == ["code": "otp_disabled", "message": "Signups not allowed for otp"])
            #expect(try await server.count("knot_auth_users") == 0)
            #expect(try server.knotOutbox().isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aConfirmedUserGetsAMagicLinkWhoseCodeVerifiesAsEmailOrMagiclink(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine) { server in
            let user = try await server.signUp("pat@example.com")
            #expect(try await server.auth("otp", ["email": "pat@example.com", "create_user": false]).status == 200)
            let code = try #require(try server.lastMail()["otp"]?.stringValue)
            let wrong = try await server.auth("verify", ["type": "email", "email": "pat@example.com", "token": code == "000000" ? "111111" : "000000"])
            #expect(wrong.status == 403)
            let verified = try await server.auth("verify", ["type": "email", "email": "pat@example.com", "token": .string(code), "options": [:]])
            #expect(verified.status == 200)
            #expect(verified.json["user"]?["id"]?.stringValue == user.userID)
        }
    }

    @Test(arguments: TestEngine.available)
    func aCodeExpiresAfterTheOTPLifetimeAndANewMailReplacesTheOldOne(engine: TestEngine) async throws {
        var settings = KnotSettings()
        settings.emailRateLimitSeconds = 0
        let clock = ManualWallClock()
        try await TestServer.knot(engine: engine, settings: settings, clock: clock) { server in
            _ = try await server.signUp("pat@example.com")
            _ = try await server.auth("otp", ["email": "pat@example.com"])
            let first = try #require(try server.lastMail()["otp"]?.stringValue)
            _ = try await server.auth("otp", ["email": "pat@example.com"])
            let second = try #require(try server.lastMail()["otp"]?.stringValue)
            if first != second {
                #expect(try await server.auth("verify", ["type": "magiclink", "email": "pat@example.com", "token": .string(first)]).status == 403)
            }
            clock.advance(seconds: 3601)
            #expect(try await server.auth("verify", ["type": "magiclink", "email": "pat@example.com", "token": .string(second)]).status == 403)
        }
    }

    @Test(arguments: TestEngine.available)
    func verifyByTokenHashSignsInAndRefusesExtraFields(engine: TestEngine) async throws {
        try await TestServer.knot(engine: engine, settings: Self.confirmationsOn) { server in
            _ = try await server.auth("signup", ["email": "pat@example.com", "password": "correct horse battery"])
            let link = try #require(try server.lastMail()["link"]?.stringValue)
            let hash = try #require(GoTrue.form(String(link.split(separator: "?")[1]))["token"])
            let mixed = try await server.auth("verify", ["type": "signup", "token_hash": .string(hash), "email": "pat@example.com"])
            #expect(mixed.status == 400)
            #expect(mixed.json["code"] == "validation_failed")
            let verified = try await server.auth("verify", ["type": "signup", "token_hash": .string(hash)])
            #expect(verified.status == 200)
            let again = try await server.auth("verify", ["type": "signup", "token_hash": .string(hash)])
            #expect(again.json == ["code": "otp_expired", "message": "Email link is invalid or has expired"])
            let neither = try await server.auth("verify", ["type": "signup"])
            #expect(neither.json["code"] == "validation_failed")
            let badType = try await server.auth("verify", ["type": "phone_change", "token_hash": "x"])
            #expect(badType.json["code"] == "validation_failed")
        }
    }
}
