import Foundation
import HearthClient
import HearthCore
import HearthServer
import HearthTesting
import KnotKit
import KnotServer

extension TestServer {
    /// The anon key the test servers check as `apikey`, so every client call shows it sends one.
    static let knotAnonKey = "knot-kit-test-anon-key-0123456789abcdef"

    /// Runs a server with only Knot mounted at the root, as `hearth serve --app knot`,
    /// checking the anon key; mail goes to a throwaway data directory.
    static func knotKit<T: Sendable>(
        engine: TestEngine, settings: KnotSettings = KnotSettings(), _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var settings = settings
        if settings.anonKey == nil { settings.anonKey = knotAnonKey }
        var configuration = testConfiguration()
        configuration.rootApp = KnotApp.appName
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("knot-kit-\(UUID().uuidString)").path
        configuration.dataDirectory = temporary
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        return try await run(engine: engine, apps: [KnotApp(settings: settings)], configuration: configuration, body)
    }
}

/// A clock that runs with the machine's but can be moved ahead, to make tokens look old.
final class ShiftedClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var offsetSeconds: Int64 = 0

    var now: Timestamp { Timestamp(Date()).adding(seconds: lock.withLock { offsetSeconds }) }

    func advance(seconds: Int64) { lock.withLock { offsetSeconds += seconds } }
}

/// One device of a test person: a real ``KnotClient`` in its own directory, over loopback.
struct KnotDevice: Sendable {
    let client: KnotClient
    let directory: String
    let clock: ShiftedClock

    static func make(on server: TestServer, apiKey: String? = TestServer.knotAnonKey) throws -> KnotDevice {
        let directory = NSTemporaryDirectory() + "knot-kit-" + UUID().uuidString
        let clock = ShiftedClock()
        guard let url = URL(string: server.baseURL) else { throw KnotError.invalidResponse("bad test URL") }
        let client = KnotClient(
            .init(serverURL: url, directory: directory, apiKey: apiKey, transport: AsyncHTTPClientTransport(client: server.http), clock: clock))
        return KnotDevice(client: client, directory: directory, clock: clock)
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    var tokens: FileTokenStore { FileTokenStore(path: directory + "/tokens.json") }
}

enum KnotKitFixtures {
    static let password = "correct horse battery"

    /// The spec's §5.2 example, as a typed draft (Valentine's Day on the just_because
    /// budget, where the stub catalogue has plenty to choose from).
    static let draft = VaultDraft(
        partnerName: "Alex", relationshipTenureMonths: 30, cohabitationStatus: "living_together", locationCity: "Austin",
        locationState: "TX", locationCountry: "US", interests: ["Travel", "Cooking", "Board Games", "Concerts", "Gardening"],
        dislikes: ["Sports", "Comedy", "Movies", "Theater", "Dancing"], vibes: ["romantic", "minimalist"],
        loveLanguages: .init(primary: "quality_time", secondary: "receiving_gifts"),
        milestones: [
            .init(milestoneType: "birthday", milestoneName: "Alex's Birthday", milestoneDate: "2000-03-20", recurrence: "yearly"),
            .init(milestoneType: "holiday", milestoneName: "Valentine's Day", milestoneDate: "2000-02-14", recurrence: "yearly", budgetTier: "just_because"),
        ])

    /// A signed-up device.
    static func signedUp(_ email: String, on server: TestServer) async throws -> KnotDevice {
        let device = try KnotDevice.make(on: server)
        guard case .signedIn = try await device.client.auth.signUp(email: email, password: password) else {
            throw KnotError.invalidResponse("sign-up did not sign in")
        }
        return device
    }
}
