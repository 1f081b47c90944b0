import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import HearthCore
import HearthGRPC
import HearthServer
import HearthStore
import HearthTesting
import JWTKit
import RushDayProto
import ServiceLifecycle

@testable import RushDayServer

typealias PosixClient = GRPCClient<HTTP2ClientTransport.Posix>

/// A real `hearth` server with Rush Day, its gRPC listener on a free loopback port, and a
/// gRPC client connected to it over HTTP/2 (spec §6: hs256 tokens, recorded
/// notifications, the clock fixed at 2026-03-01T12:00:00Z).
struct RushDayHarness: Sendable {
    static let secret = Array("rush-day-test-secret-of-32-bytes!!".utf8)
    static let start = Timestamp(millisecondsSince1970: 1_772_366_400_000)  // 2026-03-01T12:00:00Z

    let server: TestServer
    let clock: ManualWallClock
    let notifications: RecordingNotificationSender
    let users: Rushday_V1_UserService.Client<HTTP2ClientTransport.Posix>
    let events: Rushday_V1_EventService.Client<HTTP2ClientTransport.Posix>
    let vendors: Rushday_V1_VendorService.Client<HTTP2ClientTransport.Posix>
    let invitations: Rushday_V1_InvitationService.Client<HTTP2ClientTransport.Posix>
    let planner: Rushday_V1_AIEventPlannerService.Client<HTTP2ClientTransport.Posix>

    static func hs256Settings() -> RushDaySettings {
        var settings = RushDaySettings()
        settings.authMode = .hs256
        settings.hs256Secret = secret
        settings.publicBaseURL = "https://rush.example"
        return settings
    }

    static func run(
        _ engine: TestEngine, settings: RushDaySettings = hs256Settings(), legacyData: any LegacyDataSource = EmptyLegacyDataSource(),
        _ body: @Sendable (RushDayHarness) async throws -> Void
    ) async throws {
        let clock = ManualWallClock(start)
        let notifications = RecordingNotificationSender()
        let app = RushDayApp(
            settings: settings, collaborators: RushDayCollaborators(notifications: notifications, legacyData: legacyData))
        try await TestServer.run(engine: engine, apps: [app], clock: clock) { server in
            let services = await server.platform.services(for: app)
            try await connect(app, services: services, server: server, clock: clock, notifications: notifications, body)
        }
    }

    /// Runs `body` with a harness whose clients reach `app`'s gRPC services on a listener of their own.
    static func connect(
        _ app: RushDayApp, services: AppServices, server: TestServer, clock: ManualWallClock, notifications: RecordingNotificationSender,
        _ body: @Sendable (RushDayHarness) async throws -> Void
    ) async throws {
        try await GRPCTestListener.with([GRPCAppMount(app: app, services: services)]) { port in
            try await withGRPCClient(
                transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
            ) { client in
                let harness = RushDayHarness(
                    server: server, clock: clock, notifications: notifications,
                    users: Rushday_V1_UserService.Client(wrapping: client), events: Rushday_V1_EventService.Client(wrapping: client),
                    vendors: Rushday_V1_VendorService.Client(wrapping: client),
                    invitations: Rushday_V1_InvitationService.Client(wrapping: client),
                    planner: Rushday_V1_AIEventPlannerService.Client(wrapping: client))
                try await body(harness)
            }
        }
    }

    var database: any HearthDatabase { server.platform.database }
}

/// The users of spec §6.
enum TestUser: String, Sendable {
    case ann = "user-a", bob = "user-b", cid = "user-c"

    var name: String {
        switch self {
        case .ann: "Ann"
        case .bob: "Bob"
        case .cid: "Cid"
        }
    }

    var email: String { "\(name.lowercased())@x.io" }
}

extension RushDayHarness {
    /// An hs256 token for `user`, valid for an hour from the test clock unless told otherwise.
    func token(
        _ user: TestUser, lifetimeSeconds: Int64 = 3600, secret: [UInt8] = RushDayHarness.secret
    ) async throws -> String {
        let now = clock.now.millisecondsSince1970 / 1000
        return try await Self.sign(
            ["sub": .string(user.rawValue), "email": .string(user.email), "name": .string(user.name), "iat": .int(now),
             "exp": .int(now + lifetimeSeconds)], secret: secret)
    }

    static func sign(_ claims: [String: JSONValue], secret: [UInt8]) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        return try await keys.sign(ArbitraryClaims(fields: claims))
    }

    /// `authorization: Bearer <token of user>`.
    func auth(_ user: TestUser) async throws -> Metadata {
        ["authorization": "Bearer \(try await token(user))"]
    }
}

/// The status code `body` failed with; `nil` when it succeeded.
func rpcCode(_ body: () async throws -> Void) async -> RPCError.Code? {
    do {
        try await body()
        return nil
    } catch let error as RPCError {
        return error.code
    } catch {
        return .unknown
    }
}

/// The status `body` failed with; `nil` when it succeeded.
func rpcError(_ body: () async throws -> Void) async -> RPCError? {
    do {
        try await body()
        return nil
    } catch let error as RPCError {
        return error
    } catch {
        return RPCError(code: .unknown, message: "\(error)")
    }
}

/// The gRPC listener stopped before it reported its port.
