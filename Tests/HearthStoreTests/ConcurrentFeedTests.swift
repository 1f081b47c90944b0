import HearthCore
import HearthStore
import HearthTesting
import Synchronization
import Testing

/// The rule of spec/sync.md that matters most: a cursor never skips a change, even while
/// many transactions commit concurrently (the PostgreSQL hazard: seq 11 visible before 10).
@Suite struct ConcurrentFeedTests {
    /// On PostgreSQL `.documents` writers commit concurrently and readers stop below the
    /// oldest one still in flight; `.exclusive` writers take turns.
    @Test(arguments: TestEngine.available, [DocumentWriteIsolation.documents, .exclusive])
    func aCursorReaderNeverSkipsAChangeWhileWritersRace(engine: TestEngine, isolation: DocumentWriteIsolation) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "race", database: database, clock: SystemWallClock())
            let writers = 8
            let documentsPerWriter = 40
            let expected = Set((0..<writers).flatMap { w in (0..<documentsPerWriter).map { "doc:\(w):\($0)" } })

            let writersDone = FinishedWriters()
            let seen = try await withThrowingTaskGroup(of: Set<String>?.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for index in 0..<documentsPerWriter {
                            try await store.write(isolation: isolation) { documentWriter in
                                try await documentWriter.save(
                                    DocumentWrite(
                                        id: "doc:\(writer):\(index)", collection: "c", data: ["w": .int(Int64(writer))],
                                        access: ["reader"], clientUpdatedAt: Timestamp(millisecondsSince1970: 0),
                                        author: "w\(writer)"))
                                // Widen the window between taking a number and committing.
                                await Task.yield()
                            }
                        }
                        writersDone.count.add(1, ordering: .sequentiallyConsistent)
                        return nil
                    }
                }
                group.addTask {
                    // Follow the feed with small pages the whole time; never re-read from 0.
                    // Once every writer has committed, an empty page means the reader is
                    // caught up: whatever it has not seen by then, it skipped.
                    var cursor: Int64 = 0
                    var ids = Set<String>()
                    while ids.count < expected.count {
                        let allCommitted = writersDone.count.load(ordering: .sequentiallyConsistent) == writers
                        let page = try await store.changes(for: "reader", since: cursor, limit: 7)
                        ids.formUnion(page.changes.map(\.id))
                        cursor = page.cursor
                        if page.changes.isEmpty {
                            if allCommitted { break }
                            try await Task.sleep(for: .milliseconds(2))
                        }
                    }
                    return ids
                }
                var result = Set<String>()
                for try await ids in group { if let ids { result = ids } }
                return result
            }
            let skipped = expected.subtracting(seen)
            #expect(skipped.isEmpty, "the reader never saw \(skipped.count) changes, e.g. \(skipped.sorted().prefix(5))")
            #expect(seen.count == expected.count)
        }
    }

    @Test(arguments: TestEngine.available)
    func concurrentWritersOfOneDocumentNeverLoseAnUpdate(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "counter", database: database, clock: SystemWallClock())
            let increments = 40
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for _ in 0..<(increments / 8) {
                            try await store.write(isolation: .documents) { documentWriter in
                                // Each batch also touches a document of its own, in varying
                                // order, to give the engine a chance to deadlock.
                                try await documentWriter.prefetch(["own:\(writer)", "counter"])
                                let current = try await documentWriter.fetch("counter")
                                await Task.yield()
                                let count = current?.data["count"]?.intValue ?? 0
                                try await documentWriter.save(
                                    DocumentWrite(
                                        id: "counter", collection: "c", data: ["count": .int(count + 1)], access: ["reader"],
                                        clientUpdatedAt: Timestamp(millisecondsSince1970: 0), author: "w\(writer)"),
                                    replacing: current)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let counter = try #require(try await store.fetch("counter"))
            #expect(counter.data["count"]?.intValue == Int64(increments))
            #expect(counter.version == Int64(increments))
        }
    }
}

/// How many writers have committed everything (shared by the writer tasks and the reader).
final class FinishedWriters: Sendable {
    let count = Atomic<Int>(0)
}
