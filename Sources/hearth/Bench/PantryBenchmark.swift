import AsyncHTTPClient
import Foundation
import HearthClient
import HearthCore
import NIOCore
import NIOHTTP1
import PantryPalKit
import PantryPalServer

/// The measurements behind `hearth bench pantry`, over real HTTP on loopback.
struct PantryBenchmark {
    struct Result: Encodable {
        var items: Int
        var pushChangesPerSecond: Double
        var fullSnapshotBytes: Int
        var fullSnapshotMilliseconds: Double
        var idleCursorSyncBytes: Int
        var idleCursorSyncMilliseconds: Double
        var idleSinceSyncBytes: Int
        var idleSinceSyncMilliseconds: Double
        var checkoutP50Milliseconds: Double
        var checkoutP99Milliseconds: Double
        var kitFirstSyncSeconds: Double
        var kitIdleSyncMilliseconds: Double

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        func table(engine: String) -> String {
            var table = BenchTable(title: "PantryPal on \(engine): one household, \(items) inventory rows")
            table.add("stocking through sync push (100 per request)", String(format: "%.0f changes/s", pushChangesPerSecond))
            table.add("full snapshot (GET /api/sync/full)", "\(fullSnapshotBytes) bytes, \(String(format: "%.1f ms", fullSnapshotMilliseconds))")
            table.add("idle sync, cursor mode", "\(idleCursorSyncBytes) bytes, \(String(format: "%.1f ms", idleCursorSyncMilliseconds))")
            table.add("idle sync, original app's since mode", "\(idleSinceSyncBytes) bytes, \(String(format: "%.1f ms", idleSinceSyncMilliseconds))")
            table.add("checkout by UPC", String(format: "p50 %.1f ms, p99 %.1f ms", checkoutP50Milliseconds, checkoutP99Milliseconds))
            table.add("kit: first sync of a fresh device", String(format: "%.2f s", kitFirstSyncSeconds))
            table.add("kit: idle sync", String(format: "%.1f ms", kitIdleSyncMilliseconds))
            return table.rendered
        }
    }

    static let adminKey = "bench-admin-key-" + UUID().uuidString
    static var app: PantryPalApp {
        var settings = PantryPalSettings()
        settings.adminKey = adminKey
        settings.productProviderURL = nil
        settings.requestsPerUser = 10_000_000
        settings.requestsPerAddress = 10_000_000
        return PantryPalApp(settings: settings)
    }

    static let idleRounds = 20
    static let password = "bench password 1"

    let baseURL: String
    let items: Int
    let checkouts: Int

    func run() async throws -> Result {
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            let result = try await measure(http)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    private func measure(_ http: HTTPClient) async throws -> Result {
        let call = PantryBenchCall(http: http, baseURL: baseURL)
        let email = "bench-\(UUID().uuidString.prefix(8))@example.com"
        let token = try await call(.POST, "/api/auth/register", ["email": .string(email), "password": .string(Self.password)]).json["token"]?.stringValue ?? ""
        let household = try await call(.POST, "/api/household", ["name": "Bench"], token: token).json["id"]?.stringValue ?? ""
        _ = try await call(.POST, "/api/locations/seed-defaults", token: token)
        _ = try await call(.POST, "/api/admin/households/\(household)/premium", ["isPremium": true], headers: [("x-admin-key", Self.adminKey)])
        let location = try await call(.GET, "/api/locations/flat", token: token).json[0]?["id"]?.stringValue ?? ""

        var progress = Progress(label: "stocking", total: items * 2)
        let pushTime = try await timed {
            for (index, batch) in stride(from: 0, to: items, by: 100).enumerated() {
                let range = batch..<min(batch + 100, items)
                let products: [JSONValue] = range.map { number in
                    ["entityType": "product", "entityId": .string(Self.id(1, number)), "action": "create",
                     "payload": ["name": .string("Product \(number)"), "upc": .string(String(format: "9%011d", number))]]
                }
                let rows: [JSONValue] = range.map { number in
                    ["entityType": "inventory", "entityId": .string(Self.id(2, number)), "action": "create",
                     "payload": ["productId": .string(Self.id(1, number)), "locationId": .string(location), "quantity": 1_000]]
                }
                for changes in [products, rows] {
                    let answer = try await call(.POST, "/api/sync/push", ["changes": .array(changes)], token: token)
                    guard answer.json["results"]?.arrayValue?.allSatisfy({ $0["success"] == true }) == true else {
                        throw CommandError("the server refused stocking batch \(index): \(answer.text.prefix(300))")
                    }
                }
                progress.update(range.upperBound * 2)
            }
        }

        var fullBytes = 0
        let fullTime = try await timed { fullBytes = try await call(.GET, "/api/sync/full", token: token).body.count }
        let cursor = try await call(.GET, "/api/sync/changes?cursor=0&limit=1", token: token).json["cursor"]?.intValue ?? 0
        let latest = try await call(.GET, "/api/sync/changes?cursor=\(max(cursor, Int64(items * 2)))", token: token).json["cursor"]?.intValue ?? 0
        let (cursorBytes, cursorTime) = try await idle { try await call(.GET, "/api/sync/changes?cursor=\(latest)", token: token) }
        let since = try await call(.GET, "/api/sync/changes?cursor=\(latest)", token: token).json["serverTime"]?.stringValue ?? ""
        let (sinceBytes, sinceTime) = try await idle { try await call(.GET, "/api/sync/changes?since=\(since)", token: token) }

        var latencies = LatencySamples()
        for number in 0..<checkouts {
            let upc = String(format: "9%011d", number % items)
            latencies.add(try await timed { _ = try await call(.POST, "/api/checkout/scan", ["upc": .string(upc)], token: token) })
        }

        let (kitFirst, kitIdle) = try await kitSyncs(email: email, http: http)
        return Result(
            items: items, pushChangesPerSecond: Double(items * 2) / pushTime.seconds, fullSnapshotBytes: fullBytes,
            fullSnapshotMilliseconds: fullTime.seconds * 1000, idleCursorSyncBytes: cursorBytes,
            idleCursorSyncMilliseconds: cursorTime, idleSinceSyncBytes: sinceBytes, idleSinceSyncMilliseconds: sinceTime,
            checkoutP50Milliseconds: latencies.percentile(0.5), checkoutP99Milliseconds: latencies.percentile(0.99),
            kitFirstSyncSeconds: kitFirst, kitIdleSyncMilliseconds: kitIdle)
    }

    /// Average bytes (request + response body) and milliseconds of an idle request.
    private func idle(_ request: () async throws -> PantryBenchCall.Answer) async throws -> (Int, Double) {
        var bytes = 0
        let time = try await timed {
            for _ in 0..<Self.idleRounds { bytes = try await request().body.count }
        }
        return (bytes, time.seconds * 1000 / Double(Self.idleRounds))
    }

    /// A fresh device of the same user: its first sync, then an idle one.
    private func kitSyncs(email: String, http: HTTPClient) async throws -> (Double, Double) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-pantry-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard let url = URL(string: baseURL + "/api") else { throw CommandError("bad server URL \(baseURL)") }
        let client = try PantryPalClient(.init(serverURL: url, directory: directory, transport: AsyncHTTPClientTransport(client: http)))
        _ = try await client.account.login(email: email, password: Self.password)
        let first = try await timed { _ = try await client.sync.sync() }
        let idle = try await timed { _ = try await client.sync.sync() }
        return (first.seconds, idle.seconds * 1000)
    }

    static func id(_ kind: Int, _ number: Int) -> String {
        String(format: "%08x-0000-4000-8000-%012x", kind, number)
    }
}

/// One JSON request to the benchmark server.
struct PantryBenchCall {
    struct Answer {
        var status: Int
        var body: [UInt8]
        var json: JSONValue { (try? JSONParser(limits: .init(maxBytes: .max, maxDepth: 64, maxStringBytes: .max)).parse(body)) ?? .null }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let http: HTTPClient
    let baseURL: String

    func callAsFunction(
        _ method: HTTPMethod, _ path: String, _ json: JSONValue? = nil, token: String? = nil, headers: [(String, String)] = []
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json { request.body = .bytes(ByteBuffer(bytes: json.serialized())) }
        let response = try await http.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 512 * 1024 * 1024)
        return Answer(status: Int(response.status.code), body: Array(body.readableBytesView))
    }
}
