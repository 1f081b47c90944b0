import Foundation
import HearthClient
import HearthCore
import HearthServer
import HearthTesting
import PantryPalServer
@testable import PantryPalKit

extension TestServer {
    static let pantryAdminKey = "pantry-admin-key-for-tests-0123456789abcdef"
    static let pantryTestKey = "pantry-ui-test-key-for-tests-0123456789abcdef"

    /// Runs a server with only PantryPal mounted at the root, as `hearth serve --app pantrypal`:
    /// admin routes on (and `/api/test` with `testRoutes`), no outside product database.
    static func pantryPal<T: Sendable>(
        engine: TestEngine, testRoutes: Bool = false, _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = testConfiguration()
        configuration.rootApp = "pantrypal"
        var settings = PantryPalSettings()
        settings.adminKey = pantryAdminKey
        settings.testKey = testRoutes ? pantryTestKey : nil
        settings.productProviderURL = nil
        return try await run(engine: engine, apps: [PantryPalApp(settings: settings)], configuration: configuration, body)
    }

    /// The API base a PantryPal client is configured with.
    var pantryAPI: String { baseURL + "/api" }

    /// Makes a household premium (or not) through the admin route, as a store purchase would.
    func setPremium(householdID: String, _ isPremium: Bool, expiresAt: String? = nil) async throws {
        var body: JSONValue = ["isPremium": .bool(isPremium)]
        body["expiresAt"] = expiresAt.map(JSONValue.string)
        let response = try await request(
            .POST, "/api/admin/households/\(householdID)/premium", json: body, headers: [("x-admin-key", Self.pantryAdminKey)])
        guard response.status == 200 else { throw CommandFailed("premium grant answered \(response.status): \(response.text)") }
    }
}

struct CommandFailed: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One device of a test person: a real client on its own directory, talking to the test
/// server over loopback through a ``NetworkSwitch``.
struct PantryDevice: Sendable {
    let client: PantryPalClient
    let network: NetworkSwitch
    let directory: String

    static func make(_ name: String, on server: TestServer) throws -> PantryDevice {
        let directory = NSTemporaryDirectory() + "pantry-e2e-\(name)-" + UUID().uuidString
        let network = NetworkSwitch(AsyncHTTPClientTransport(client: server.http))
        let client = try PantryPalClient(
            .init(
                serverURL: URL(string: server.pantryAPI)!, directory: directory, transport: network,
                backoff: Backoff(base: .milliseconds(5), maximum: .milliseconds(20))))
        return PantryDevice(client: client, network: network, directory: directory)
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    var household: Household? { get throws { try client.store.household() } }

    /// This device's stock as (product name, location name, quantity), sorted.
    func stock() throws -> [String] {
        try client.inventory.entries().map { "\($0.product?.name ?? "?") @\($0.location?.name ?? "?") ×\($0.item.quantity)" }.sorted()
    }

    /// The household's stock as the server has it, in the same form.
    func serverStock() async throws -> [String] {
        let snapshot = try FullSnapshot(try await client.api.json(.get, "sync/full"))
        let products = Dictionary(snapshot.products.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let locations = Dictionary(snapshot.locations.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return snapshot.inventory.map { "\(products[$0.productID] ?? "?") @\($0.locationID.flatMap { locations[$0] } ?? "?") ×\($0.quantity)" }
            .sorted()
    }
}
