import AsyncHTTPClient
import Crypto
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import HearthCore
import RushDayProto
import Synchronization
import SwiftProtobuf

/// The measurements behind `hearth bench rushday`: unary RPC rates and latencies over one
/// plaintext HTTP/2 connection (gRPC multiplexes callers on it), next to the HTTP plain
/// route measured the way `hearth bench http` does.
struct RushDayBenchmark: Sendable {
    typealias Client = GRPCClient<HTTP2ClientTransport.Posix>

    let grpcPort: Int
    let httpBase: String
    let secret: [UInt8]
    let concurrencies: [Int]
    let seconds: Double
    let listedEvents: Int
    let http: HTTPClient

    struct Result: Encodable {
        var engine: String
        var seconds: Double
        var listedEvents: Int
        var measurements: [HTTPBenchmark.Measurement]
        var peakResidentMiB: Double

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        var table: String {
            var table = BenchTable(
                title: "Rush Day on \(engine), \(String(format: "%g", seconds)) s per row (calls/s, p50, p99, errors)")
            for measurement in measurements {
                table.add(
                    "\(measurement.scenario), \(measurement.concurrency) caller(s)",
                    String(
                        format: "%7.0f /s   p50 %6.2f ms   p99 %7.2f ms   %d errors", measurement.requestsPerSecond,
                        measurement.p50Milliseconds, measurement.p99Milliseconds, measurement.errors))
            }
            table.add("peak RSS of this process (server and load generator share it)", String(format: "%.0f MiB", peakResidentMiB))
            return table.rendered
        }
    }

    func run(engine: String) async throws -> Result {
        try await withGRPCClient(
            transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: grpcPort), transportSecurity: .plaintext)
        ) { client in
            let events = Rushday_V1_EventService.Client(wrapping: client)
            let reader = try token("bench-reader")
            var create = Rushday_V1_CreateEventRequest()
            create.name = "Benchmark party"
            create.date = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(30 * 86_400))
            let event = try await events.createEvent(create, metadata: reader)
            let lister = try token("bench-lister")
            try await seedEvents(listedEvents, as: lister, events: events)
            let writer = try token("bench-writer")
            var measurements: [HTTPBenchmark.Measurement] = []
            var get = Rushday_V1_GetEventRequest()
            get.id = event.id
            var list = Rushday_V1_ListEventsRequest()
            list.page = 1
            list.limit = 100
            let health = HTTPBenchmark.Scenario(name: "HTTP GET /health (plain route)", url: httpBase + "/health", headers: [])
            let (getRequest, listRequest) = (get, list)
            for concurrency in concurrencies {
                measurements.append(try await measure("GetEvent", concurrency) { try await events.getEvent(getRequest, metadata: reader) })
                measurements.append(try await measureCreateTask(concurrency, events: events, writer: writer))
                if listedEvents > 0 {
                    measurements.append(
                        try await measure("ListEvents, 100 of \(listedEvents) events", concurrency) {
                            try await events.listEvents(listRequest, metadata: lister)
                        })
                }
                Self.progress("HTTP plain route with \(concurrency) connection(s)")
                measurements.append(await HTTPBenchmark.load(health, concurrency: concurrency, seconds: seconds, http: http))
            }
            return Result(
                engine: engine, seconds: seconds, listedEvents: listedEvents, measurements: measurements,
                peakResidentMiB: ProcessMemory.ofThisProcess().peakResidentMiB)
        }
    }

    /// `call` repeated by `concurrency` callers for ``seconds``.
    private func measure(
        _ name: String, _ concurrency: Int, _ call: @escaping @Sendable () async throws -> some Sendable
    ) async throws -> HTTPBenchmark.Measurement {
        Self.progress("\(name) with \(concurrency) caller(s)")
        let (samples, errors, elapsed) = await runWorkers(count: concurrency, for: seconds) { _ in
            let start = ContinuousClock.now
            do {
                _ = try await call()
                return ContinuousClock.now - start
            } catch {
                return nil
            }
        }
        return HTTPBenchmark.Measurement(
            scenario: name, concurrency: concurrency, requests: samples.count, errors: errors,
            requestsPerSecond: Double(samples.count) / elapsed, p50Milliseconds: samples.percentile(0.5),
            p99Milliseconds: samples.percentile(0.99))
    }

    /// An event has at most 1,000 tasks, so every caller moves to a fresh event of its own
    /// after ``tasksPerEvent``; creating it is not timed.
    static let tasksPerEvent = 900

    private func measureCreateTask(_ concurrency: Int, events: Rushday_V1_EventService.Client<HTTP2ClientTransport.Posix>, writer: Metadata)
        async throws -> HTTPBenchmark.Measurement
    {
        Self.progress("CreateTask with \(concurrency) caller(s)")
        let targets = Mutex<[Int: (eventID: String, tasks: Int)]>([:])
        let (samples, errors, elapsed) = await runWorkers(count: concurrency, for: seconds) { worker in
            do {
                var target = targets.withLock { $0[worker] }
                if target == nil || (target?.tasks ?? 0) >= Self.tasksPerEvent {
                    var create = Rushday_V1_CreateEventRequest()
                    create.name = "Task bench \(worker)"
                    create.date = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(30 * 86_400))
                    target = (try await events.createEvent(create, metadata: writer).id, 0)
                }
                guard let current = target else { return nil }
                var request = Rushday_V1_CreateTaskRequest()
                request.eventID = current.eventID
                request.name = "Task \(current.tasks)"
                let start = ContinuousClock.now
                _ = try await events.createTask(request, metadata: writer)
                let latency = ContinuousClock.now - start
                targets.withLock { $0[worker] = (current.eventID, current.tasks + 1) }
                return latency
            } catch {
                return nil
            }
        }
        return HTTPBenchmark.Measurement(
            scenario: "CreateTask", concurrency: concurrency, requests: samples.count, errors: errors,
            requestsPerSecond: Double(samples.count) / elapsed, p50Milliseconds: samples.percentile(0.5),
            p99Milliseconds: samples.percentile(0.99))
    }

    private func seedEvents(_ count: Int, as owner: Metadata, events: Rushday_V1_EventService.Client<HTTP2ClientTransport.Posix>) async throws {
        guard count > 0 else { return }
        Self.progress("creating \(count) events over gRPC")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for index in stride(from: worker, to: count, by: 16) {
                        var create = Rushday_V1_CreateEventRequest()
                        create.name = "Listed event \(index)"
                        create.date = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(Double(index) * 86_400))
                        _ = try await events.createEvent(create, metadata: owner)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// `authorization: Bearer <hs256 token>` for `user`, valid for a day (spec §2.2).
    func token(_ user: String) throws -> Metadata {
        let now = Int64(Date().timeIntervalSince1970)
        let header = JSONValue.object(["alg": "HS256", "typ": "JWT"])
        let claims = JSONValue.object([
            "sub": .string(user), "name": .string(user), "email": .string(user + "@bench.invalid"), "iat": .int(now),
            "exp": .int(now + 86_400),
        ])
        let input = Self.base64URL(header.serialized()) + "." + Self.base64URL(claims.serialized())
        let signature = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: secret))
        return ["authorization": "Bearer \(input).\(Self.base64URL(Array(signature)))"]
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func progress(_ line: String) { FileHandle.standardError.write(Data((line + "…\n").utf8)) }
}
