import AsyncHTTPClient
import Foundation
import HearthClient
import HearthCore
import HearthServer
import HearthTesting
import WishWithMeKit
import WishWithMeServer

extension TestServer {
    /// Runs a server with only Wish With Me mounted at the root, as `hearth serve --app wishwithme`.
    static func wishWithMe<T: Sendable>(
        engine: TestEngine, clock: any WallClock = SystemWallClock(), _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = testConfiguration()
        configuration.rootApp = "wishwithme"
        return try await run(engine: engine, apps: [WishWithMeApp(settings: WishWithMeSettings())], configuration: configuration, clock: clock, body)
    }
}

/// Where a device's requests go: the test server in this process, or a `hearth serve`
/// elsewhere (several processes behind a load balancer, for instance).
protocol DeviceServer: Sendable {
    var baseURL: String { get }
    var http: HTTPClient { get }
}

extension TestServer: DeviceServer {}

struct ExternalServer: DeviceServer {
    let baseURL: String
    let http: HTTPClient
}

/// One device of a test person: a real client with its own store directory, talking to
/// the test server over loopback through a ``NetworkSwitch``. Background syncs after
/// writes are off unless a test asks for them (`debounce`), so schedules stay replayable.
struct Device: Sendable {
    let client: WishWithMeClient
    let network: NetworkSwitch
    let reachability: ManualReachability
    let directory: String
    let name: String

    static func make(
        _ name: String, on server: any DeviceServer, syncProtocol: WishSyncProtocol = .delta, directory: String? = nil,
        debounce: Duration = .seconds(3600)
    ) throws -> Device {
        let directory = directory ?? (NSTemporaryDirectory() + "hearth-kit-e2e-\(name)-" + UUID().uuidString)
        let network = NetworkSwitch(AsyncHTTPClientTransport(client: server.http))
        let reachability = ManualReachability()
        let client = try WishWithMeClient(
            .init(
                serverURL: URL(string: server.baseURL)!, directory: directory, transport: network, syncProtocol: syncProtocol,
                reachability: reachability,
                engine: .init(debounce: debounce, period: .seconds(3600), backoff: Backoff(base: .milliseconds(10), maximum: .milliseconds(50)))))
        return Device(client: client, network: network, reachability: reachability, directory: directory, name: name)
    }

    /// The same device after a restart: a new client on the same files.
    func restarted(on server: any DeviceServer, syncProtocol: WishSyncProtocol = .delta) throws -> Device {
        try Device.make(name, on: server, syncProtocol: syncProtocol, directory: directory)
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// Every live document on the device, keyed by collection and id, without the fields
    /// that only say how it travelled (`_id`, `_rev`, `access`).
    func snapshot() throws -> [DocumentKey: JSONValue] {
        var result: [DocumentKey: JSONValue] = [:]
        for document in try client.store.allDocuments() {
            var data = document.data.objectValue ?? [:]
            for key in ["_id", "_rev", "access"] { data[key] = nil }
            result[DocumentKey(collection: document.collection, id: document.id)] = .object(data)
        }
        return result
    }

    func ids(_ collection: String) throws -> Set<String> {
        Set(try client.store.documents(collection).map(\.id))
    }
}

extension TestEngine {
    static var all: [TestEngine] { available }
}

/// The documents on which two snapshots disagree, for failure messages.
func differences(_ lhs: [DocumentKey: JSONValue], _ rhs: [DocumentKey: JSONValue]) -> String {
    let keys = Set(lhs.keys).union(rhs.keys).filter { lhs[$0] != rhs[$0] }
    return keys.sorted { ($0.collection, $0.id) < ($1.collection, $1.id) }.map { key in
        "\(key.collection)/\(key.id): \(lhs[key].map { String($0.description.prefix(300)) } ?? "absent") ≠ \(rhs[key].map { String($0.description.prefix(300)) } ?? "absent")"
    }.joined(separator: "\n")
}

/// Waits up to `seconds` for `condition`, polling (generous: only a failing test waits it out).
func eventually(_ seconds: Double = 30, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
