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
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let started = ContinuousClock.now
        let (samples, errors) = await withTaskGroup(of: (LatencySamples, Int).self) { group in
            for (client, wishlist) in devices {
                group.addTask { await Self.editAndSync(client, wishlist, until: deadline) }
            }
            var all = LatencySamples()
            var errors = 0
            for await (samples, failed) in group {
                all.add(contentsOf: samples)
                errors += failed
            }
            return (all, errors)
        }
        let elapsed = (ContinuousClock.now - started).seconds
        for (client, _) in devices { await client.sync.stop() }
        return Result(
            clients: clients, seconds: elapsed, syncs: samples.count, errors: errors,
            syncsPerSecond: Double(samples.count) / elapsed, p50Milliseconds: samples.percentile(0.5),
            p99Milliseconds: samples.percentile(0.99), peakResidentMiB: ProcessMemory.peakResidentMiB(),
            residentBeforeClientsMiB: before)
    }

    /// One person's loop: add an item or rename one, then sync; repeat until `deadline`.
    static func editAndSync(_ client: WishWithMeClient, _ wishlist: Wishlist, until deadline: ContinuousClock.Instant) async
        -> (LatencySamples, Int)
    {
        var samples = LatencySamples()
        var errors = 0
        var round = 0
        while ContinuousClock.now < deadline {
            round += 1
            do {
                let items = try client.items.list(in: wishlist)
                if round % 3 == 0, let item = items.randomElement() {
                    try await client.items.edit(item.id) { $0.title = "Renamed \(round)" }
                } else {
                    try await client.items.add(try ItemDraft.manual(title: "Gift \(round)"), to: wishlist)
                }
                let start = ContinuousClock.now
                try await client.sync.sync()
                samples.add(ContinuousClock.now - start)
            } catch {
                errors += 1
            }
        }
        return (samples, errors)
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
