import Foundation
import HearthCore
import HearthStore

/// The measurements behind `hearth bench feed`.
struct FeedBenchmark {
    struct Result: Encodable {
        var documents: Int
        var writers: Int
        var audience: Int
        var sequentialWritesPerSecond: Double
        var concurrentWritesPerSecond: Double
        var feedEntriesPerSecond: Double
        var batch: Int
        var batchedWritesPerSecond: Double
        /// SQLite only: the same rows inserted with GRDB directly, in transactions of `batch`.
        var directInsertsPerSecond: Double?
        var fullPullEntriesPerSecond: Double
        var idlePullMilliseconds: Double

        var json: String {
            (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}"
        }

        func table(engine: String) -> String {
            let rows: [(String, String)] = [
                ("sequential writes (1 writer)", String(format: "%.0f writes/s", sequentialWritesPerSecond)),
                ("concurrent writes (\(writers) writers)", String(format: "%.0f writes/s", concurrentWritesPerSecond)),
                ("feed entries written (concurrent)", String(format: "%.0f entries/s", feedEntriesPerSecond)),
                ("batched writes (\(batch) per transaction)", String(format: "%.0f writes/s", batchedWritesPerSecond)),
                (
                    "same rows with GRDB directly (\(batch) per transaction)",
                    directInsertsPerSecond.map {
                        String(format: "%.0f rows/s (%.2f× the batched rate)", $0, $0 / max(batchedWritesPerSecond, 1))
                    } ?? "n/a (SQLite only)"
                ),
                ("full pull, pages of 500", String(format: "%.0f entries/s", fullPullEntriesPerSecond)),
                ("idle pull (up-to-date cursor)", String(format: "%.2f ms", idlePullMilliseconds)),
            ]
            let width = rows.map(\.0.count).max() ?? 0
            let lines = rows.map { label, value in "  " + label.padding(toLength: width + 3, withPad: " ", startingAt: 0) + value }
            return (["Change feed on \(engine): \(documents) documents per phase, audience \(audience)"] + lines)
                .joined(separator: "\n")
        }
    }

    let database: any HearthDatabase
    let documents: Int
    let writers: Int
    let audience: Int
    let batch: Int

    func run() async throws -> Result {
        let store = DocumentStore(app: "bench", database: database, clock: SystemWallClock())
        let readers = Set((0..<audience).map { "user-\($0)" })

        var progress = Progress(label: "sequential writes", total: documents)
        let sequentialStart = ContinuousClock.now
        for index in 0..<documents {
            try await write(store, id: "seq:\(index)", readers: readers)
            progress.update(index + 1)
        }
        let sequential = ContinuousClock.now - sequentialStart

        let concurrentStart = ContinuousClock.now
        let perWriter = (documents + writers - 1) / writers
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<perWriter where writer * perWriter + index < documents {
                        try await write(store, id: "par:\(writer):\(index)", readers: readers)
                    }
                }
            }
            var finished = 0
            var concurrentProgress = Progress(label: "concurrent writers finished", total: writers)
            for try await _ in group {
                finished += 1
                concurrentProgress.update(finished)
            }
        }
        let concurrent = ContinuousClock.now - concurrentStart

        let batchedStart = ContinuousClock.now
        var batchedProgress = Progress(label: "batched writes", total: documents)
        for first in stride(from: 0, to: documents, by: batch) {
            let ids = (first..<min(first + batch, documents)).map { "batch:\($0)" }
            try await store.write(isolation: .documents) { writer in
                for id in ids { try await writer.save(document(id, readers: readers)) }
            }
            batchedProgress.update(first + ids.count)
        }
        let batched = ContinuousClock.now - batchedStart
        var direct: Double?
        if let sqlite = database as? SQLiteDatabase {
            FileHandle.standardError.write(Data("the same rows with GRDB directly…\n".utf8))
            direct = try DirectInsertBaseline(path: sqlite.path, documents: documents, batch: batch, audience: audience).run()
        }

        let pullStart = ContinuousClock.now
        var cursor: Int64 = 0
        var entries = 0
        while true {
            let page = try await store.changes(for: "user-0", since: cursor, limit: 500)
            entries += page.changes.count
            cursor = page.cursor
            if !page.hasMore { break }
        }
        let pull = ContinuousClock.now - pullStart

        let idleRounds = 200
        let idleStart = ContinuousClock.now
        for _ in 0..<idleRounds { _ = try await store.changes(for: "user-0", since: cursor, limit: 500) }
        let idle = ContinuousClock.now - idleStart

        return Result(
            documents: documents, writers: writers, audience: audience,
            sequentialWritesPerSecond: Double(documents) / sequential.seconds,
            concurrentWritesPerSecond: Double(documents) / concurrent.seconds,
            feedEntriesPerSecond: Double(documents * audience) / concurrent.seconds,
            batch: batch, batchedWritesPerSecond: Double(documents) / batched.seconds, directInsertsPerSecond: direct,
            fullPullEntriesPerSecond: Double(entries) / pull.seconds,
            idlePullMilliseconds: idle.seconds * 1000 / Double(idleRounds))
    }

    /// One document per transaction; concurrent writers run side by side on PostgreSQL.
    private func write(_ store: DocumentStore, id: String, readers: Set<String>) async throws {
        try await store.write(isolation: .documents) { writer in try await writer.save(document(id, readers: readers)) }
    }

    private func document(_ id: String, readers: Set<String>) -> DocumentWrite {
        DocumentWrite(
            id: id, collection: "bench", data: ["title": "benchmark document", "quantity": 3, "done": false],
            access: readers, clientUpdatedAt: Timestamp(Date()), author: "user-0")
    }
}
