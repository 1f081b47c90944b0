import Foundation
import GRPCCore
import HearthClient
import HearthCore
import HearthGRPC
import HearthServer
import HearthTesting
import RushDayKit

@testable import RushDayServer

/// A real `hearth` server with Rush Day in its default auth mode (Hearth accounts over
/// HTTP at `/rushday/api/v1/auth`), its gRPC listener on a free loopback port, and the
/// means to open RushDayKit clients on it as separate people.
struct RushDayKitServer: Sendable {
    let server: TestServer
    let grpcPort: Int

    var httpBase: URL { URL(string: server.baseURL + "/rushday")! }
    var grpcAddress: String { "127.0.0.1:\(grpcPort)" }

    static func settings() -> RushDaySettings {
        var settings = RushDaySettings()
        settings.authMode = .hearth
        settings.publicBaseURL = "https://rush.example"
        settings.plannerStepDelayMilliseconds = 0
        settings.publicRequestsPerMinute = 0
        return settings
    }

    static func run(_ engine: TestEngine, _ body: @Sendable (RushDayKitServer) async throws -> Void) async throws {
        let app = RushDayApp(settings: settings())
        try await TestServer.run(engine: engine, apps: [app]) { server in
            let services = await server.platform.services(for: app)
            try await GRPCTestListener.with([GRPCAppMount(app: app, services: services)]) { port in
                try await body(RushDayKitServer(server: server, grpcPort: port))
            }
        }
    }

    /// A person's device: a client whose tokens live under a fresh directory.
    func device(_ name: String = "device") throws -> Device {
        let directory = NSTemporaryDirectory() + "rushday-kit-\(name)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let account = RushDayAccount(
            httpBase: httpBase, transport: AsyncHTTPClientTransport(client: server.http),
            tokens: FileTokenStore(path: directory + "/credentials.json"))
        let client = RushDayClient(account: account, connection: try RushDayConnection(host: "127.0.0.1", port: grpcPort))
        return Device(directory: directory, client: client)
    }

    /// Runs `body` with a device signed in as a newly registered `name`.
    func withPerson<T: Sendable>(_ name: String, _ body: (RushDayClient, Device) async throws -> T) async throws -> T {
        let device = try device(name)
        defer { try? FileManager.default.removeItem(atPath: device.directory) }
        do {
            try await device.client.account.register(email: "\(name.lowercased())@example.com", password: Self.password, name: name)
            let result = try await body(device.client, device)
            await device.client.connection.close()
            return result
        } catch {
            await device.client.connection.close()
            throw error
        }
    }

    static let password = "correct horse battery staple"
}

struct Device: Sendable {
    let directory: String
    let client: RushDayClient
}


/// The error `body` failed with, as RushDayKit reports it; `nil` when it succeeded.
func rushDayError(_ body: () async throws -> Void) async -> RushDayError? {
    do {
        try await body()
        return nil
    } catch {
        return RushDayError.from(error)
    }
}
