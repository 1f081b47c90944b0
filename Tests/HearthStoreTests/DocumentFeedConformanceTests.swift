import HearthCore
import HearthStore
import HearthTesting
import Testing

/// Storage behaviour of the document table and change feed, run on every engine.
@Suite struct DocumentFeedConformanceTests {
    let clock = ManualWallClock()

    func put(_ writer: DocumentWriter, _ id: String, access: Set<String>, title: String = "t", deleted: Bool = false)
        async throws -> StoredDocument
    {
        try await writer.save(
            DocumentWrite(
                id: id, collection: "notes", data: ["title": .string(title)], deleted: deleted, access: access,
                clientUpdatedAt: clock.now, author: "alice"))
    }

    @Test(arguments: TestEngine.available)
    func savingBumpsVersionAndTakesAFreshSeqEachTime(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            let first = try await store.write { try await put($0, "note:1", access: ["alice"]) }
            let second = try await store.write { try await put($0, "note:1", access: ["alice"], title: "u") }
            #expect(first.version == 1)
            #expect(second.version == 2)
            #expect(second.seq > first.seq)
            let stored = try #require(try await store.fetch("note:1"))
            #expect(stored.data == ["title": "u"])
            #expect(stored.access == ["alice"])
        }
    }

    @Test(arguments: TestEngine.available)
    func feedSendsUpsertsToReadersAndRemoveToWhoeverLostAccess(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            try await store.write { try await put($0, "note:1", access: ["alice", "bob"]) }
            let bobCursor = try await store.changes(for: "bob", since: 0, limit: 100).cursor
            try await store.write { try await put($0, "note:1", access: ["alice"], title: "private now") }

            let bob = try await store.changes(for: "bob", since: bobCursor, limit: 100)
            #expect(bob.changes.map(\.op) == [.remove])
            #expect(bob.changes.first?.doc == nil)
            let alice = try await store.changes(for: "alice", since: 0, limit: 100)
            #expect(alice.changes.map(\.op) == [.upsert])
            #expect(alice.changes.first?.doc?.data == ["title": "private now"])
            let carol = try await store.changes(for: "carol", since: 0, limit: 100)
            #expect(carol.changes.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aDocumentChangedManyTimesIsSentOnceInItsLatestState(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            for index in 1...5 { try await store.write { try await put($0, "note:1", access: ["alice"], title: "v\(index)") } }
            let page = try await store.changes(for: "alice", since: 0, limit: 100)
            #expect(page.changes.count == 1)
            #expect(page.changes.first?.doc?.version == 5)
            #expect(page.changes.first?.doc?.data == ["title": "v5"])
        }
    }

    @Test(arguments: TestEngine.available)
    func pagesFollowTheCursorAndReportHasMore(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            for index in 1...7 { try await store.write { try await put($0, "note:\(index)", access: ["alice"]) } }
            var cursor: Int64 = 0
            var seen: [String] = []
            var pages = 0
            while true {
                let page = try await store.changes(for: "alice", since: cursor, limit: 3)
                seen += page.changes.map(\.id)
                cursor = page.cursor
                pages += 1
                if !page.hasMore { break }
            }
            #expect(pages == 3)
            #expect(seen == (1...7).map { "note:\($0)" })
            let idle = try await store.changes(for: "alice", since: cursor, limit: 3)
            #expect(idle.changes.isEmpty && idle.cursor == cursor && !idle.hasMore)
        }
    }

    @Test(arguments: TestEngine.available)
    func aDeleteReachesReadersAsATombstone(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            try await store.write { try await put($0, "note:1", access: ["alice"]) }
            let cursor = try await store.changes(for: "alice", since: 0, limit: 10).cursor
            try await store.write { try await put($0, "note:1", access: ["alice"], deleted: true) }
            let page = try await store.changes(for: "alice", since: cursor, limit: 10)
            #expect(page.changes.count == 1)
            #expect(page.changes.first?.op == .upsert)
            #expect(page.changes.first?.doc?.deleted == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func purgeDropsOldTombstonesAndExpiresCursorsThatCouldHaveMissedThem(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            try await store.write { try await put($0, "note:old", access: ["alice"]) }
            let staleCursor = try await store.changes(for: "alice", since: 0, limit: 10).cursor
            try await store.write { try await put($0, "note:old", access: ["alice"], deleted: true) }
            clock.advance(seconds: 31 * 86_400)
            try await store.write { try await put($0, "note:new", access: ["alice"]) }
            let freshCursor = try await store.changes(for: "alice", since: 0, limit: 10).cursor

            let report = try await store.purgeExpiredHistory()
            #expect(report.tombstones == 1)
            #expect(try await store.fetch("note:old") == nil)
            await #expect(throws: StoreError.cursorExpired) {
                _ = try await store.changes(for: "alice", since: staleCursor, limit: 10)
            }
            #expect(try await store.changes(for: "alice", since: freshCursor, limit: 10).changes.isEmpty)
            let full = try await store.changes(for: "alice", since: 0, limit: 10)
            #expect(full.changes.map(\.id) == ["note:new"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aCursorAheadOfTheServerIsExpired(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            await #expect(throws: StoreError.cursorExpired) {
                _ = try await store.changes(for: "alice", since: 99, limit: 10)
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func readableDocumentsFollowTheAccessList(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            try await store.write { try await put($0, "note:a", access: ["alice", "bob"]) }
            try await store.write { try await put($0, "note:b", access: ["alice"]) }
            try await store.write { try await put($0, "note:a", access: ["alice"]) }
            let bobs = try await database.read { try await store.documents(in: "notes", readableBy: "bob", executor: $0) }
            let alices = try await database.read { try await store.documents(in: "notes", readableBy: "alice", executor: $0) }
            #expect(bobs.isEmpty)
            #expect(alices.map(\.id) == ["note:a", "note:b"])
        }
    }

    @Test(arguments: TestEngine.available)
    func anotherAppNeverSeesTheDocuments(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let notes = DocumentStore(app: "notes", database: database, clock: clock)
            let other = DocumentStore(app: "other", database: database, clock: clock)
            try await notes.write { try await put($0, "note:1", access: ["alice"]) }
            #expect(try await other.fetch("note:1") == nil)
            #expect(try await other.changes(for: "alice", since: 0, limit: 10).changes.isEmpty)
        }
    }
}
