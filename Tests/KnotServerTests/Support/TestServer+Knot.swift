import Foundation
import HearthCore
import HearthServer
import HearthTesting
import KnotServer

extension KnotSettings {
    /// The defaults of spec §13's behavioural cases: no integrations and no reservation
    /// links (the service default is on), so only the stub catalogue feeds the engine.
    static var behaviouralTestDefaults: KnotSettings {
        var settings = KnotSettings()
        settings.integrations.reservationURLsEnabled = false
        return settings
    }
}

/// A signed-up Knot user as tests hold it.
struct KnotTestUser: Sendable {
    let userID: String
    let email: String
    var accessToken: String
    var refreshToken: String

    /// `Authorization: Bearer <access token>`.
    var auth: [(String, String)] { [("Authorization", "Bearer \(accessToken)")] }
}

extension TestServer {
    /// Runs a server with only Knot mounted at the root, as `hearth serve --app knot`.
    ///
    /// Mail goes to an outbox in a fresh temporary data directory unless `settings` name
    /// one; ``knotOutbox()`` reads it.
    static func knot<T: Sendable>(
        engine: TestEngine, settings: KnotSettings = .behaviouralTestDefaults, clock: any WallClock = SystemWallClock(),
        configuration: ServerConfiguration = testConfiguration(), _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = configuration
        configuration.rootApp = KnotApp.appName
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("knot-test-\(UUID().uuidString)").path
        if configuration.dataDirectory == ServerConfiguration().dataDirectory { configuration.dataDirectory = temporary }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        return try await run(engine: engine, apps: [KnotApp(settings: settings)], configuration: configuration, clock: clock, body)
    }

    /// `POST /auth/v1/signup` with confirmations off (the default settings): the new user's
    /// tokens and id.
    func signUp(_ email: String, password: String = "correct horse battery") async throws -> KnotTestUser {
        let response = try await request(
            .POST, "/auth/v1/signup", json: ["email": .string(email), "password": .string(password)], headers: knotAPIKeyHeaders)
        guard response.status == 200, let id = response.json["user"]?["id"]?.stringValue,
            let access = response.json["access_token"]?.stringValue, let refresh = response.json["refresh_token"]?.stringValue
        else { throw UnexpectedResponse(response) }
        return KnotTestUser(userID: id, email: email.lowercased(), accessToken: access, refreshToken: refresh)
    }

    /// `POST /auth/v1/token?grant_type=password`.
    func signIn(_ email: String, password: String = "correct horse battery") async throws -> KnotTestUser {
        let response = try await request(
            .POST, "/auth/v1/token?grant_type=password", json: ["email": .string(email), "password": .string(password)],
            headers: knotAPIKeyHeaders)
        guard response.status == 200, let id = response.json["user"]?["id"]?.stringValue,
            let access = response.json["access_token"]?.stringValue, let refresh = response.json["refresh_token"]?.stringValue
        else { throw UnexpectedResponse(response) }
        return KnotTestUser(userID: id, email: email.lowercased(), accessToken: access, refreshToken: refresh)
    }

    /// The `apikey` header the server's anon key asks for (none when it has none).
    var knotAPIKeyHeaders: [(String, String)] {
        guard let key = knotSettings.anonKey else { return [] }
        return [("apikey", key)]
    }

    /// The settings of the Knot app this server runs.
    var knotSettings: KnotSettings {
        for app in platform.apps {
            if let knot = app as? KnotApp { return knot.settings }
            if let wrapper = app as? any KnotAppWrapper { return wrapper.knot.settings }
        }
        return KnotSettings()
    }

    /// The directory the outbox mail sender writes to.
    var knotOutboxDirectory: String {
        knotSettings.mailOutboxDirectory ?? platform.configuration.dataDirectory + "/knot-mail-outbox"
    }

    /// The mails sent so far, oldest first: `{to, subject, text, html, link, otp, created_at}`.
    func knotOutbox() throws -> [JSONValue] {
        try OutboxMailSender(directory: knotOutboxDirectory).messages()
    }
}

/// A test app that serves Knot with extra routes (``knotSettings`` finds Knot inside it).
protocol KnotAppWrapper: HearthApp {
    var knot: KnotApp { get }
}
