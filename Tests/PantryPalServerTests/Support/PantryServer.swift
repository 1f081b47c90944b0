import Foundation
import HearthCore
import HearthServer
import HearthTesting
import NIOHTTP1
import PantryPalServer

/// A PantryPal server on loopback (root-mounted, as `hearth serve --app pantrypal`) and
/// the calls the tests make against it, over real HTTP.
struct PantryServer: Sendable {
    let server: TestServer

    static let adminKey = "test-admin-key-0123456789abcdef-0123456789"

    /// Settings for tests: no outbound provider unless given, generous rate limits.
    static func settings(providerURL: String? = nil) -> PantryPalSettings {
        var settings = PantryPalSettings()
        settings.adminKey = adminKey
        settings.productProviderURL = providerURL
        settings.requestsPerUser = 100_000
        settings.requestsPerAddress = 100_000
        settings.upcLookupsPerMinute = 10_000
        settings.inviteAttemptsPerMinute = 10_000
        return settings
    }

    static func run(
        engine: TestEngine, settings: PantryPalSettings = settings(), clock: any WallClock = SystemWallClock(),
        _ body: @Sendable (PantryServer) async throws -> Void
    ) async throws {
        var configuration = TestServer.testConfiguration()
        configuration.rootApp = "pantrypal"
        try await TestServer.run(engine: engine, apps: [PantryPalApp(settings: settings)], configuration: configuration, clock: clock) {
            (server: TestServer) async throws in
            try await body(PantryServer(server: server))
        }
    }

    /// A signed-in user.
    struct Member: Sendable {
        var id: String
        var email: String
        var token: String
        var householdID: String?
    }

    @discardableResult
    func call(
        _ member: Member?, _ method: HTTPMethod, _ path: String, _ json: JSONValue? = nil, headers: [(String, String)] = []
    ) async throws -> TestResponse {
        var all = headers
        if let member { all.append(("Authorization", "Bearer \(member.token)")) }
        if let json { return try await server.request(method, path, json: json, headers: all) }
        return try await server.request(method, path, headers: all)
    }

    func register(_ email: String, first: String? = nil, last: String? = nil) async throws -> Member {
        var body: JSONValue = ["email": .string(email), "password": "correct horse battery"]
        if let first { body = body.with("firstName", .string(first)) }
        if let last { body = body.with("lastName", .string(last)) }
        let response = try await call(nil, .POST, "/api/auth/register", body)
        guard response.status == 201, let id = response.json["user"]?["id"]?.stringValue, let token = response.json["token"]?.stringValue else {
            throw Unexpected(response)
        }
        return Member(id: id, email: email, token: token)
    }

    /// Registers `email` and gives them a new household with the seven default locations.
    func owner(_ email: String, premium: Bool = false) async throws -> Member {
        var member = try await register(email)
        let created = try await call(member, .POST, "/api/household", ["name": "Home"])
        guard created.status == 201, let id = created.json["id"]?.stringValue else { throw Unexpected(created) }
        member.householdID = id
        try await expect(call(member, .POST, "/api/locations/seed-defaults"), 200)
        if premium { try await setPremium(id, true) }
        return member
    }

    /// A second member of `owner`'s household (the household must be premium to invite).
    func member(_ email: String, joining owner: Member) async throws -> Member {
        var member = try await register(email)
        let invite = try await call(owner, .POST, "/api/household/invite")
        guard let code = invite.json["code"]?.stringValue else { throw Unexpected(invite) }
        try await expect(call(member, .POST, "/api/household/join", ["code": .string(code)]), 200)
        member.householdID = owner.householdID
        return member
    }

    func setPremium(_ householdID: String, _ on: Bool, expiresAt: String? = nil) async throws {
        var body: JSONValue = ["isPremium": .bool(on)]
        if let expiresAt { body = body.with("expiresAt", .string(expiresAt)) }
        try await expect(
            server.request(.POST, "/api/admin/households/\(householdID)/premium", json: body, headers: [("x-admin-key", Self.adminKey)]), 200)
    }

    /// The id of the household's location called `name`.
    func location(_ member: Member, _ name: String) async throws -> String {
        let flat = try await call(member, .GET, "/api/locations/flat").json.arrayValue ?? []
        guard let id = flat.first(where: { $0["name"]?.stringValue == name })?["id"]?.stringValue else {
            throw Unexpected(description: "no location \(name)")
        }
        return id
    }

    /// A custom product of the member's household.
    func product(_ member: Member, _ name: String, upc: String? = nil) async throws -> String {
        var body: JSONValue = ["name": .string(name)]
        if let upc { body = body.with("upc", .string(upc)) }
        let response = try await call(member, .POST, "/api/products", body)
        guard let id = response.json["id"]?.stringValue else { throw Unexpected(response) }
        return id
    }

    /// Adds `quantity` of a product to a location; returns the response.
    @discardableResult
    func stock(_ member: Member, product: String, at location: String, quantity: Int64 = 1, expires: String? = nil, id: String? = nil) async throws -> TestResponse {
        var body: JSONValue = ["productId": .string(product), "locationId": .string(location), "quantity": .int(quantity)]
        if let expires { body = body.with("expirationDate", .string(expires)) }
        if let id { body = body.with("id", .string(id)) }
        return try await call(member, .POST, "/api/inventory", body)
    }

    /// The response, or a failure naming what came back instead of `status`.
    @discardableResult
    func expect(_ response: TestResponse, _ status: Int) throws -> TestResponse {
        guard response.status == status else { throw Unexpected(response, expected: status) }
        return response
    }
}

struct Unexpected: Error, CustomStringConvertible {
    let description: String

    init(_ response: TestResponse, expected: Int? = nil) {
        description = "unexpected \(response.status)\(expected.map { " (expected \($0))" } ?? ""): \(response.text)"
    }

    init(description: String) { self.description = description }
}

extension JSONValue {
    func with(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }
}
