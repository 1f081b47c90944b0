import AsyncHTTPClient
import Foundation
import HearthClient
import HearthCore
import HearthServer
import HearthStore
import Logging
import NIOCore
import WishWithMeKit

/// A Wish With Me server plus what benchmarks need to drive it: real client devices (each
/// with its own store in a temporary directory) and an HTTP client. The server is either
/// started in this process on a scratch database, or one already running elsewhere.
struct BenchFixture: Sendable {
    /// Where Wish With Me's routes are (the root, or a mount such as `/wishwithme`).
    let serverURL: URL
    /// The server's root, where the platform's own `/health` is.
    let serverRoot: String
    /// How the results name the server: "sqlite", "postgresql", or the outside server's URL.
    let serverName: String
    let isEmbedded: Bool
    let http: HTTPClient
    let directory: String
    /// Keeps this run's e-mail addresses apart from earlier runs' on a server that outlives it.
    let accountTag = String(UUID().uuidString.prefix(8)).lowercased()

    /// Starts the server on `database`, runs `body`, then removes every client file.
    static func run<T: Sendable>(
        on database: any HearthDatabase, logger: Logger, _ body: @Sendable (BenchFixture) async throws -> T
    ) async throws -> T {
        try await withHTTPClient { http, directory in
            try await EmbeddedServer.withWishWithMe(on: database, logger: logger) { baseURL in
                guard let serverURL = URL(string: baseURL) else { throw WishCommandError("bad server address \(baseURL)") }
                return try await body(
                    BenchFixture(
                        serverURL: serverURL, serverRoot: baseURL, serverName: database.dialect.rawValue, isEmbedded: true, http: http,
                        directory: directory))
            }
        }
    }

    /// Runs `body` against the Wish With Me server at `serverURL`, which another process
    /// serves; checks first that it is one.
    static func run<T: Sendable>(against serverURL: URL, _ body: @Sendable (BenchFixture) async throws -> T) async throws -> T {
        try await withHTTPClient { http, directory in
            let fixture = BenchFixture(
                serverURL: serverURL, serverRoot: Self.root(of: serverURL), serverName: serverURL.absoluteString, isEmbedded: false,
                http: http, directory: directory)
            try await fixture.checkItIsWishWithMe()
            return try await body(fixture)
        }
    }

    private static func withHTTPClient<T: Sendable>(
        _ body: (HTTPClient, _ directory: String) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "hearth-bench-" + UUID().uuidString
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 256
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let result = try await body(http, directory)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// `http://host:port` of `url`, without its path.
    static func root(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        return components.string ?? url.absoluteString
    }

    /// Wish With Me answers `GET /` with its name; anything else is the wrong address.
    private func checkItIsWishWithMe() async throws {
        let answer: String
        do {
            let response = try await http.execute(HTTPClientRequest(url: serverURL.absoluteString + "/"), timeout: .seconds(10))
            answer = String(buffer: try await response.body.collect(upTo: 64 * 1024))
        } catch {
            throw WishCommandError("nothing answers at \(serverURL.absoluteString) (\(error)); start it with: hearth serve --app wishwithme")
        }
        guard answer.contains("Wish With Me") else {
            throw WishCommandError(
                "\(serverURL.absoluteString) is not Wish With Me: give http://<host>:<port> for `hearth serve --app wishwithme`, or http://<host>:<port>/wishwithme when it serves every app")
        }
    }

    /// A client device with its own store; its transport counts bytes.
    func device(_ name: String, _ syncProtocol: WishSyncProtocol = .delta) throws -> (WishWithMeClient, MeteredTransport) {
        let meter = MeteredTransport(AsyncHTTPClientTransport(client: http))
        let client = try WishWithMeClient(
            .init(serverURL: serverURL, directory: directory + "/" + name, transport: meter, syncProtocol: syncProtocol))
        return (client, meter)
    }

    /// This run's e-mail address for the user `name`.
    func email(of name: String) -> String { "\(name)-\(accountTag)@bench.example" }

    /// Registers a user on a new delta device and gives them one wishlist.
    func signedUpDevice(_ name: String) async throws -> (WishWithMeClient, Wishlist) {
        let (client, _) = try device(name)
        do {
            try await client.account.register(email: email(of: name), password: Self.password, name: name)
        } catch ClientError.server(status: 429, code: _, message: _) {
            throw WishCommandError(
                "the server refused a sign-up with 429 Too Many Requests; start it with a higher --auth-limit-per-address (HEARTH_AUTH_LIMIT_PER_ADDRESS), e.g. 100000")
        }
        let wishlist = try await client.wishlists.create(name: "Bench \(name)")
        try await client.sync.sync()
        await client.sync.stop()  // no debounced sync left behind by the write above
        return (client, wishlist)
    }

    /// The same user on a fresh device, signed in.
    func freshDevice(of name: String, _ syncProtocol: WishSyncProtocol) async throws -> (WishWithMeClient, MeteredTransport) {
        let (client, meter) = try device("\(name)-\(UUID().uuidString.prefix(8))", syncProtocol)
        try await client.account.login(email: email(of: name), password: Self.password)
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
