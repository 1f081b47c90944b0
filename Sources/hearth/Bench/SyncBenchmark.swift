import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

/// The measurements behind `hearth bench sync`: the original protocol against delta sync
/// at a given number of documents, on a real server over loopback.
struct SyncBenchmark {
    struct SizeResult: Encodable {
        var documents: Int
        var legacyIdleBytes: Int
        var legacyIdleMilliseconds: Double
        var deltaIdleBytes: Int
        var deltaIdleMilliseconds: Double
        var legacyFromEmptySeconds: Double
        var legacyFromEmptyBytes: Int
        var deltaFromEmptySeconds: Double
        var deltaFromEmptyBytes: Int
    }

    struct PushResult: Encodable {
        var batch: Int
        var pushers: Int
        var documents: Int
        var documentsPerSecond: Double
    }

    struct Result: Encodable {
        var sizes: [SizeResult]
        var push: [PushResult]

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        func table(engine: String) -> String {
            var tables: [String] = []
            for size in sizes {
                var table = BenchTable(title: "Sync of \(size.documents) items on \(engine)")
                table.add(
                    "idle sync, legacy (6 full pulls)",
                    "\(size.legacyIdleBytes) bytes, \(String(format: "%.1f ms", size.legacyIdleMilliseconds))")
                table.add(
                    "idle sync, delta", "\(size.deltaIdleBytes) bytes, \(String(format: "%.1f ms", size.deltaIdleMilliseconds))")
                table.add(
                    "  legacy / delta",
                    String(
                        format: "%.0f× the bytes, %.0f× the time", Double(size.legacyIdleBytes) / Double(max(size.deltaIdleBytes, 1)),
                        size.legacyIdleMilliseconds / max(size.deltaIdleMilliseconds, 0.001)))
                table.add(
                    "everything from empty, legacy",
                    String(format: "%.2f s, %.1f MiB", size.legacyFromEmptySeconds, Double(size.legacyFromEmptyBytes) / 1_048_576))
                table.add(
                    "everything from empty, delta",
                    String(format: "%.2f s, %.1f MiB", size.deltaFromEmptySeconds, Double(size.deltaFromEmptyBytes) / 1_048_576))
                tables.append(table.rendered)
            }
            var push = BenchTable(title: "Delta push throughput on \(engine)")
            for result in self.push {
                push.add(
                    "batches of \(result.batch), \(result.pushers) pusher\(result.pushers == 1 ? "" : "s") (\(result.documents) items)",
                    String(format: "%.0f docs/s", result.documentsPerSecond))
            }
            tables.append(push.rendered)
            return tables.joined(separator: "\n\n")
        }
    }

    let fixture: BenchFixture
    let sizes: [Int]
    let pushBatches: [Int]
    /// How many clients push at once, each into its own wishlist, for every batch size.
    let pushers: [Int]

    func run() async throws -> Result {
        var results: [SizeResult] = []
        for size in sizes {
            results.append(try await measure(size: size))
        }
        var pushes: [PushResult] = []
        let maxPushers = pushers.max() ?? 1
        var devices: [(WishWithMeClient, Wishlist)] = []
        for index in 0..<maxPushers { devices.append(try await fixture.signedUpDevice("pusher\(index)")) }
        for batch in pushBatches {
            for pusherCount in pushers {
                let count = batch == 1 ? 300 : min(max(batch * 10, 1000), 5000) * pusherCount
                FileHandle.standardError.write(Data("pushing \(count) items in batches of \(batch), \(pusherCount) at once…\n".utf8))
                let fixture = fixture
                let start = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (writer, wishlist) in devices.prefix(pusherCount) {
                        group.addTask { _ = try await fixture.pushItems(count / pusherCount, batch: batch, into: wishlist, as: writer) }
                    }
                    try await group.waitForAll()
                }
                let elapsed = ContinuousClock.now - start
                pushes.append(
                    PushResult(batch: batch, pushers: pusherCount, documents: count, documentsPerSecond: Double(count) / elapsed.seconds))
            }
        }
        return Result(sizes: results, push: pushes)
    }

    func measure(size: Int) async throws -> SizeResult {
        let name = "sync\(size)"
        let (owner, wishlist) = try await fixture.signedUpDevice(name)
        var progress = Progress(label: "seeding \(size) items", total: size)
        var seeded = 0
        while seeded < size {
            let batch = min(500, size - seeded)
            _ = try await fixture.pushItems(batch, batch: batch, into: wishlist, as: owner)
            seeded += batch
            progress.update(seeded)
        }
        let (delta, deltaMeter) = try await fixture.freshDevice(of: name, .delta)
        let deltaFull = try await timed { try await delta.sync.sync() }
        let deltaFullBytes = deltaMeter.reset().bytes
        let deltaIdle = try await timed { try await delta.sync.sync() }
        let deltaIdleBytes = deltaMeter.reset().bytes

        let (legacy, legacyMeter) = try await fixture.freshDevice(of: name, .legacy)
        let legacyFull = try await timed { try await legacy.sync.sync() }
        let legacyFullBytes = legacyMeter.reset().bytes
        let legacyIdle = try await timed { try await legacy.sync.sync() }
        let legacyIdleBytes = legacyMeter.reset().bytes
        return SizeResult(
            documents: size, legacyIdleBytes: legacyIdleBytes, legacyIdleMilliseconds: legacyIdle.seconds * 1000,
            deltaIdleBytes: deltaIdleBytes, deltaIdleMilliseconds: deltaIdle.seconds * 1000,
            legacyFromEmptySeconds: legacyFull.seconds, legacyFromEmptyBytes: legacyFullBytes,
            deltaFromEmptySeconds: deltaFull.seconds, deltaFromEmptyBytes: deltaFullBytes)
    }
}
