import AsyncHTTPClient
import Foundation
import HearthClient
import HearthCore
import HearthServer
import HearthStore
import Logging
import WishWithMeKit

/// A Wish With Me server on loopback plus what benchmarks need to drive it: real client
/// devices (each with its own store in a temporary directory) and an HTTP client.
struct BenchFixture: Sendable {
    let serverURL: URL
    let http: HTTPClient
    let directory: String

    /// Starts the server on `database`, runs `body`, then removes every client file.
    static func run<T: Sendable>(
        on database: any HearthDatabase, logger: Logger, _ body: @Sendable (BenchFixture) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "hearth-bench-" + UUID().uuidString
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 256
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let result = try await EmbeddedServer.withWishWithMe(on: database, logger: logger) { baseURL in
                guard let serverURL = URL(string: baseURL) else { throw WishCommandError("bad server address \(baseURL)") }
                return try await body(BenchFixture(serverURL: serverURL, http: http, directory: directory))
            }
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// A client device with its own store; its transport counts bytes.
    func device(_ name: String, _ syncProtocol: WishSyncProtocol = .delta) throws -> (WishWithMeClient, MeteredTransport) {
        let meter = MeteredTransport(AsyncHTTPClientTransport(client: http))
        let client = try WishWithMeClient(
            .init(serverURL: serverURL, directory: directory + "/" + name, transport: meter, syncProtocol: syncProtocol))
        return (client, meter)
    }

    /// Registers a user on a new delta device and gives them one wishlist.
    func signedUpDevice(_ name: String) async throws -> (WishWithMeClient, Wishlist) {
        let (client, _) = try device(name)
        try await client.account.register(email: "\(name)@bench.example", password: Self.password, name: name)
        let wishlist = try await client.wishlists.create(name: "Bench \(name)")
        try await client.sync.sync()
        await client.sync.stop()  // no debounced sync left behind by the write above
        return (client, wishlist)
    }

    /// The same user on a fresh device, signed in.
    func freshDevice(of name: String, _ syncProtocol: WishSyncProtocol) async throws -> (WishWithMeClient, MeteredTransport) {
        let (client, meter) = try device("\(name)-\(UUID().uuidString.prefix(8))", syncProtocol)
        try await client.account.login(email: "\(name)@bench.example", password: Self.password)
        _ = meter.reset()
        return (client, meter)
    }

    static let password = "bench password"

    /// Pushes `count` new items straight through the delta push endpoint, `batch` per
    /// request, and returns the time the requests took (the mutations are built before the
    /// clock starts, so the figure is the push, not the making of test data).
    func pushItems(_ count: Int, batch: Int, into wishlist: Wishlist, as client: WishWithMeClient) async throws -> Duration {
        let now = Timestamp(Date())
        let requests = try stride(from: 0, to: count, by: batch).map { first in
            let mutations = try (first..<min(first + batch, count)).map { index in
                let item = try ItemDraft.manual(title: "Item \(index)", price: Double(index % 500), currency: "EUR")
                    .makeItem(in: wishlist, now: now)
                return SyncMutation(
                    mutationID: UUID().uuidString, collection: "items", op: .put,
                    doc: .init(id: item.id, data: DeltaSync.payload(try JSONValueEncoder().encode(item))), baseVersion: 0,
                    clientUpdatedAt: now)
            }
            return SyncPushRequest(mutations: mutations)
        }
        let start = ContinuousClock.now
        for request in requests {
            let response = try await client.api.json(SyncPushResponse.self, .post, "api/hearth/v1/sync/push", body: request)
            guard response.results.allSatisfy({ $0.status == .applied }) else {
                throw WishCommandError("the server did not apply every pushed item: \(response.results.first { $0.status != .applied }?.message ?? "")")
            }
        }
        return ContinuousClock.now - start
    }
}
