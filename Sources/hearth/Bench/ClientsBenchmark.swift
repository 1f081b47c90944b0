import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

/// The measurements behind `hearth bench clients`: many real clients editing and syncing
/// at once against one server.
struct ClientsBenchmark {
    /// When each client makes its next edit and sync.
    enum Schedule: Sendable {
        /// As soon as its last sync returned: the server's saturation rate.
        case closedLoop
        /// On a clock, once every so many milliseconds (±20 %), however long syncs take.
        case openLoop(everyMilliseconds: Int)
    }

    struct Result: Encodable {
        /// "sqlite" or "postgresql" for a server in this process, else the server's URL.
        var server: String
        var mode: String
        var intervalMilliseconds: Int?
        var clients: Int
        var seconds: Double
        var syncs: Int
        var errors: Int
        var syncsPerSecond: Double
        var p50Milliseconds: Double
        var p90Milliseconds: Double
        var p99Milliseconds: Double
        var maxMilliseconds: Double
        /// Open loop: starts that fell due, and those skipped because the client's previous sync still ran.
        var dueStarts: Int?
        var lateStarts: Int?
        /// This process (server and clients when the server is embedded, else the clients alone).
        var peakResidentMiB: Double
        var residentBeforeClientsMiB: Double
        var serverIsEmbedded: Bool
        var serverMemory: ServerMemory?

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        var table: String {
            let place = serverIsEmbedded ? "on \(server)" : "against \(server)"
            let duration = String(format: "%.0f s", seconds)
            var table: BenchTable
            if let intervalMilliseconds {
                table = BenchTable(title: "\(clients) clients, each editing and syncing every \(intervalMilliseconds) ms ±20 %, for \(duration) \(place)")
                let offered = Double(clients) * 1000 / Double(intervalMilliseconds)
                table.add("syncs", "\(syncs) (\(String(format: "%.1f/s; %.1f/s offered", syncsPerSecond, offered)))")
            } else {
                table = BenchTable(title: "\(clients) clients editing and syncing as fast as they can for \(duration) \(place)")
                table.add("syncs", "\(syncs) (\(String(format: "%.1f", syncsPerSecond))/s)")
            }
            table.add(
                "sync latency",
                String(format: "p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms", p50Milliseconds, p90Milliseconds, p99Milliseconds, maxMilliseconds))
            table.add("errors", "\(errors)")
            if let dueStarts, let lateStarts {
                table.add("late starts", "\(lateStarts) of \(dueStarts) (skipped: that client's previous sync was still running)")
            }
            let ownMemory = String(format: "%.0f MiB (%.0f MiB before the clients started)", peakResidentMiB, residentBeforeClientsMiB)
            if serverIsEmbedded {
                table.add("peak RSS of this process (server and clients share it)", ownMemory)
            } else {
                if let serverMemory { table.rows.append(serverMemory.row) } else { table.add("server RSS", "not measured (give --server-pid)") }
                table.add("peak RSS of this process (the clients)", ownMemory)
            }
            return table.rendered
        }
    }

    let fixture: BenchFixture
    let clients: Int
    let seconds: Double
    let schedule: Schedule
    let serverPid: Int32?

    func run() async throws -> Result {
        let before = ProcessMemory.ofThisProcess()
        let serverProbe = try serverPid.map(ServerMemory.Probe.init(pid:))
        FileHandle.standardError.write(Data("signing up \(clients) clients…\n".utf8))
        let devices = try await withThrowingTaskGroup(of: (WishWithMeClient, Wishlist).self) { group in
            for index in 0..<clients { group.addTask { try await fixture.signedUpDevice("client\(index)") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        FileHandle.standardError.write(Data("editing and syncing for \(seconds) s…\n".utf8))
        let step: @Sendable (Int) async -> Duration? = { worker in
            let (client, wishlist) = devices[worker]
            return await Self.editAndSync(client, wishlist)
        }
        let run: ScheduledRun
        switch schedule {
        case .closedLoop:
            let (samples, errors, elapsed) = await runWorkers(count: devices.count, for: seconds, step: step)
            run = ScheduledRun(samples: samples, errors: errors, elapsed: elapsed)
        case .openLoop(let interval):
            run = await runOnSchedule(count: devices.count, every: .milliseconds(interval), for: seconds, step: step)
        }
        for (client, _) in devices { await client.sync.stop() }
        let serverMemory = try serverProbe?.finish()
        let samples = run.samples
        var result = Result(
            server: fixture.serverName, mode: "closed", clients: clients, seconds: run.elapsed, syncs: samples.count, errors: run.errors,
            syncsPerSecond: Double(samples.count) / run.elapsed, p50Milliseconds: samples.percentile(0.5),
            p90Milliseconds: samples.percentile(0.9), p99Milliseconds: samples.percentile(0.99), maxMilliseconds: samples.maximum,
            peakResidentMiB: ProcessMemory.ofThisProcess().peakResidentMiB, residentBeforeClientsMiB: before.residentMiB,
            serverIsEmbedded: fixture.isEmbedded, serverMemory: serverMemory)
        if case .openLoop(let interval) = schedule {
            result.mode = "open"
            result.intervalMilliseconds = interval
            result.dueStarts = run.dueStarts
            result.lateStarts = run.lateStarts
        }
        return result
    }

    /// One step of a person: add an item or rename one, then sync. Returns the sync's
    /// latency, or `nil` when something failed.
    static func editAndSync(_ client: WishWithMeClient, _ wishlist: Wishlist) async -> Duration? {
        do {
            let items = try client.items.list(in: wishlist)
            if Int.random(in: 0..<3) == 0, let item = items.randomElement() {
                try await client.items.edit(item.id) { $0.title = "Renamed \(UInt16.random(in: 0...9999))" }
            } else {
                try await client.items.add(try ItemDraft.manual(title: "Gift \(items.count + 1)"), to: wishlist)
            }
            let start = ContinuousClock.now
            try await client.sync.sync()
            return ContinuousClock.now - start
        } catch {
            return nil
        }
    }
}
