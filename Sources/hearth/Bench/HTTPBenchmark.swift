import AsyncHTTPClient
import Foundation
import HearthCore
import NIOCore
import WishWithMeKit

/// The measurements behind `hearth bench http`: request rates and latencies of three
/// routes at several concurrency levels, against a server in this process or another.
struct HTTPBenchmark {
    struct Scenario: Sendable {
        var name: String
        var url: String
        var headers: [(String, String)]
    }

    struct Measurement: Encodable {
        var scenario: String
        var concurrency: Int
        var requests: Int
        var errors: Int
        var requestsPerSecond: Double
        var p50Milliseconds: Double
        var p99Milliseconds: Double
    }

    struct Result: Encodable {
        /// "sqlite" or "postgresql" for a server in this process, else the server's URL.
        var server: String
        var seconds: Double
        var measurements: [Measurement]
        /// This process (server and load generator when the server is embedded, else the load generator alone).
        var peakResidentMiB: Double
        var serverIsEmbedded: Bool
        var serverMemory: ServerMemory?

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        var table: String {
            let place = serverIsEmbedded ? "on \(server)" : "against \(server)"
            var table = BenchTable(title: "HTTP \(place), \(String(format: "%g", seconds)) s per row (requests/s, p50, p99, errors)")
            for measurement in measurements {
                table.add(
                    "\(measurement.scenario), \(measurement.concurrency) connection(s)",
                    String(
                        format: "%7.0f req/s   p50 %6.2f ms   p99 %7.2f ms   %d errors", measurement.requestsPerSecond,
                        measurement.p50Milliseconds, measurement.p99Milliseconds, measurement.errors))
            }
            let ownMemory = String(format: "%.0f MiB", peakResidentMiB)
            if serverIsEmbedded {
                table.add("peak RSS of this process (server and load generator share it)", ownMemory)
            } else {
                if let serverMemory { table.rows.append(serverMemory.row) } else { table.add("server RSS", "not measured (give --server-pid)") }
                table.add("peak RSS of this process (the load generator)", ownMemory)
            }
            return table.rendered
        }
    }

    let fixture: BenchFixture
    let concurrencies: [Int]
    let seconds: Double
    let serverPid: Int32?

    func run() async throws -> Result {
        let serverProbe = try serverPid.map(ServerMemory.Probe.init(pid:))
        let scenarios = try await prepareScenarios()
        var measurements: [Measurement] = []
        for scenario in scenarios {
            for concurrency in concurrencies {
                FileHandle.standardError.write(Data("\(scenario.name) with \(concurrency) connection(s)…\n".utf8))
                measurements.append(try await load(scenario, concurrency: concurrency))
            }
        }
        return Result(
            server: fixture.serverName, seconds: seconds, measurements: measurements,
            peakResidentMiB: ProcessMemory.ofThisProcess().peakResidentMiB, serverIsEmbedded: fixture.isEmbedded,
            serverMemory: try serverProbe?.finish())
    }

    /// A user with 1,000 items; a delta cursor just before one last change.
    func prepareScenarios() async throws -> [Scenario] {
        let (owner, wishlist) = try await fixture.signedUpDevice("http")
        _ = try await fixture.pushItems(999, batch: 500, into: wishlist, as: owner)
        try await owner.sync.sync()
        let cursor = try owner.store.state(.cursor) ?? "0"
        _ = try await fixture.pushItems(1, batch: 1, into: wishlist, as: owner)
        guard let token = await owner.session.credentials?.accessToken else { throw WishCommandError("no access token") }
        let auth = [("Authorization", "Bearer \(token)")]
        let app = fixture.serverURL.absoluteString
        return [
            Scenario(name: "GET /health", url: fixture.serverRoot + "/health", headers: []),
            Scenario(name: "delta pull, 1 change", url: app + "/api/hearth/v1/sync/changes?since=\(cursor)", headers: auth),
            Scenario(name: "legacy pull, 1,000 items", url: app + "/api/v2/sync/pull/items", headers: auth),
        ]
    }

    func load(_ scenario: Scenario, concurrency: Int) async throws -> Measurement {
        await Self.load(scenario, concurrency: concurrency, seconds: seconds, http: fixture.http)
    }

    /// `scenario` for `seconds` with `concurrency` workers through `http` (also what
    /// `hearth bench rushday` compares its RPCs with).
    static func load(_ scenario: Scenario, concurrency: Int, seconds: Double, http: HTTPClient) async -> Measurement {
        let url = scenario.url
        let (samples, errors, elapsed) = await runWorkers(count: concurrency, for: seconds) { _ in
            var request = HTTPClientRequest(url: url)
            for (name, value) in scenario.headers { request.headers.add(name: name, value: value) }
            let start = ContinuousClock.now
            do {
                let response = try await http.execute(request, timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 64 * 1024 * 1024)
                return response.status == .ok ? ContinuousClock.now - start : nil
            } catch {
                return nil
            }
        }
        return Measurement(
            scenario: scenario.name, concurrency: concurrency, requests: samples.count, errors: errors,
            requestsPerSecond: Double(samples.count) / elapsed, p50Milliseconds: samples.percentile(0.5),
            p99Milliseconds: samples.percentile(0.99))
    }
}
