import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

/// The measurements behind `hearth bench clients`: many real clients editing and syncing
/// at once against one server.
struct ClientsBenchmark {
    struct Result: Encodable {
        var clients: Int
        var seconds: Double
        var syncs: Int
        var errors: Int
        var syncsPerSecond: Double
        var p50Milliseconds: Double
        var p99Milliseconds: Double
        var peakResidentMiB: Double
        var residentBeforeClientsMiB: Double

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        func table(engine: String) -> String {
            var table = BenchTable(title: "\(clients) clients editing and syncing for \(String(format: "%.0f", seconds)) s on \(engine)")
            table.add("syncs", "\(syncs) (\(String(format: "%.1f", syncsPerSecond))/s)")
            table.add("sync latency", String(format: "p50 %.1f ms, p99 %.1f ms", p50Milliseconds, p99Milliseconds))
            table.add("errors", "\(errors)")
            table.add(
                "peak RSS (server and clients share the process)",
                String(format: "%.0f MiB (%.0f MiB before the clients started)", peakResidentMiB, residentBeforeClientsMiB))
            return table.rendered
        }
    }

    let fixture: BenchFixture
    let clients: Int
    let seconds: Double

    func run() async throws -> Result {
        let before = ProcessMemory.residentMiB()
        FileHandle.standardError.write(Data("signing up \(clients) clients…\n".utf8))
        let devices = try await withThrowingTaskGroup(of: (WishWithMeClient, Wishlist).self) { group in
            for index in 0..<clients { group.addTask { try await fixture.signedUpDevice("client\(index)") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        FileHandle.standardError.write(Data("editing and syncing for \(seconds) s…\n".utf8))
        let (samples, errors, elapsed) = await runWorkers(count: devices.count, for: seconds) { worker in
            let (client, wishlist) = devices[worker]
            return await Self.editAndSync(client, wishlist)
        }
        for (client, _) in devices { await client.sync.stop() }
        return Result(
            clients: clients, seconds: elapsed, syncs: samples.count, errors: errors,
            syncsPerSecond: Double(samples.count) / elapsed, p50Milliseconds: samples.percentile(0.5),
            p99Milliseconds: samples.percentile(0.99), peakResidentMiB: ProcessMemory.peakResidentMiB(),
            residentBeforeClientsMiB: before)
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

/// This process's memory, from /proc (Linux); 0 where that is not available.
enum ProcessMemory {
    static func residentMiB() -> Double { field("VmRSS:") }
    static func peakResidentMiB() -> Double { field("VmHWM:") }

    static func field(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return 0 }
        return kilobytes / 1024
    }
}
