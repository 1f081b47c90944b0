import AsyncHTTPClient
import Foundation
import HearthClient
import HearthCore
import HearthServer
import HearthTesting
import ListAllKit
import ListAllServer

extension TestServer {
    /// Runs a server with only ListAll mounted at the root, as `hearth serve --app listall`.
    static func listAll<T: Sendable>(engine: TestEngine, _ body: @Sendable (TestServer) async throws -> T) async throws -> T {
        var configuration = testConfiguration()
        configuration.rootApp = "listall"
        return try await run(engine: engine, apps: [ListAllApp()], configuration: configuration, body)
    }
}

/// One device of a ListAll user: a real client with its own store directory, talking to the
/// test server over loopback through a ``NetworkSwitch`` (so a test can take it offline).
/// Background syncs are off; tests sync explicitly so schedules are replayable.
struct ListAllDevice: Sendable {
    let client: ListAllClient
    let network: NetworkSwitch
    let directory: String

    static func make(_ name: String, on server: TestServer, clock: any WallClock = SystemWallClock()) throws -> ListAllDevice {
        let directory = NSTemporaryDirectory() + "hearth-listall-\(name)-" + UUID().uuidString
        let network = NetworkSwitch(AsyncHTTPClientTransport(client: server.http))
        let client = try ListAllClient(
            .init(
                serverURL: URL(string: server.baseURL)!, directory: directory, transport: network, clock: clock,
                engine: .init(debounce: .seconds(3600), period: .seconds(3600))))
        return ListAllDevice(client: client, network: network, directory: directory)
    }

    func remove() async {
        await client.sync.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The library as comparable values: every list with its items and images.
    func library() async throws -> ListAllLibrary { try await client.lists.library() }
}

/// Fixed "now" and human dates for byte-comparable exports.
enum ExportStamp {
    static let now = Date(timeIntervalSince1970: 1_737_014_400)
    static let humanDate = HumanDateFormat { _ in "D" }
}
