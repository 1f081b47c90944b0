import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

/// The measurements behind `hearth bench client`: what the client SDK costs on a real
/// server over loopback.
struct ClientBenchmark {
    struct Result: Encodable {
        var documents: Int
        var localWritesPerSecond: Double
        var pushDocumentsPerSecond: Double
        var deltaPullFromEmptySeconds: Double
        var deltaApplySeconds: Double
        var deltaIdleSyncBytes: Int
        var deltaIdleSyncRequests: Int
        var deltaIdleSyncMilliseconds: Double
        var legacyPullFromEmptySeconds: Double
        var legacyIdleSyncBytes: Int
        var legacyIdleSyncMilliseconds: Double

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        func table(engine: String) -> String {
            var table = BenchTable(title: "Client SDK against a Wish With Me server on \(engine): \(documents) items")
            table.add("local writes (store + queue)", String(format: "%.0f docs/s", localWritesPerSecond))
            table.add("first sync of the writer (push, then pull back)", String(format: "%.0f docs/s", pushDocumentsPerSecond))
            table.add("delta sync from empty", String(format: "%.2f s", deltaPullFromEmptySeconds))
            table.add("  of which applying to the store", String(format: "%.2f s", deltaApplySeconds))
            table.add(
                "delta idle sync",
                "\(deltaIdleSyncBytes) bytes in \(deltaIdleSyncRequests) request(s), \(String(format: "%.1f ms", deltaIdleSyncMilliseconds))")
            table.add("legacy sync from empty", String(format: "%.2f s", legacyPullFromEmptySeconds))
            table.add("legacy idle sync (6 pulls)", "\(legacyIdleSyncBytes) bytes, \(String(format: "%.1f ms", legacyIdleSyncMilliseconds))")
            return table.rendered
        }
    }

    let fixture: BenchFixture
    let documents: Int

    func run() async throws -> Result {
        let (writer, _) = try fixture.device("writer")
        try await writer.account.register(email: fixture.email(of: "bench"), password: BenchFixture.password, name: "Bench")
        let wishlist = try await writer.wishlists.create(name: "Benchmark")
        var progress = Progress(label: "local writes", total: documents)
        let writeClock = ContinuousClock.now
        for index in 0..<documents {
            let item = try ItemDraft.manual(title: "Item \(index)", price: Double(index % 500), currency: "EUR")
                .makeItem(in: wishlist, now: Timestamp(Date()))
            try writer.store.put("items", id: item.id, data: try JSONValueEncoder().encode(item))
            progress.update(index + 1)
        }
        let writeSeconds = (ContinuousClock.now - writeClock).seconds
        FileHandle.standardError.write(Data("pushing \(documents) items…\n".utf8))
        let push = try await timed { try await writer.sync.sync() }

        FileHandle.standardError.write(Data("pulling with a fresh delta client…\n".utf8))
        let (reader, readerMeter) = try await fixture.freshDevice(of: "bench", .delta)
        let pull = try await timed { try await reader.sync.sync() }
        let applySeconds = try await applyOnly(reader)
        _ = readerMeter.reset()
        let deltaIdle = try await timed { try await reader.sync.sync() }
        let deltaIdleTraffic = readerMeter.reset()

        FileHandle.standardError.write(Data("pulling with a fresh legacy client…\n".utf8))
        let (legacy, legacyMeter) = try await fixture.freshDevice(of: "bench", .legacy)
        let legacyPull = try await timed { try await legacy.sync.sync() }
        _ = legacyMeter.reset()
        let legacyIdle = try await timed { try await legacy.sync.sync() }
        let legacyIdleTraffic = legacyMeter.reset()

        return Result(
            documents: documents, localWritesPerSecond: Double(documents) / writeSeconds,
            pushDocumentsPerSecond: Double(documents) / push.seconds, deltaPullFromEmptySeconds: pull.seconds,
            deltaApplySeconds: applySeconds, deltaIdleSyncBytes: deltaIdleTraffic.bytes,
            deltaIdleSyncRequests: deltaIdleTraffic.requests, deltaIdleSyncMilliseconds: deltaIdle.seconds * 1000,
            legacyPullFromEmptySeconds: legacyPull.seconds, legacyIdleSyncBytes: legacyIdleTraffic.bytes,
            legacyIdleSyncMilliseconds: legacyIdle.seconds * 1000)
    }

    /// Time to apply the whole feed to an empty store, network excluded: the pages are
    /// fetched first, then applied one transaction per page as a first sync does.
    func applyOnly(_ reader: WishWithMeClient) async throws -> Double {
        var pages: [SyncChangesResponse] = []
        var since = "0"
        repeat {
            let page = try await reader.api.json(
                SyncChangesResponse.self, .get, "api/hearth/v1/sync/changes", query: ["since": since, "limit": "1000"])
            pages.append(page)
            since = page.cursor
        } while pages.last?.hasMore == true
        let store = try LocalStore(path: fixture.directory + "/apply-only.sqlite")
        let clock = ContinuousClock.now
        // As a first sync does: a resync that records what each page brought.
        try store.beginResync()
        for page in pages { try store.applyChanges(page.changes, cursor: page.cursor) }
        try store.finishResync()
        return (ContinuousClock.now - clock).seconds
    }
}
