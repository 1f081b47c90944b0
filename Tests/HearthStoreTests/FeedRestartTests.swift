import HearthCore
import HearthStore
import HearthTesting
import Testing

/// After a restore, no client keeps a cursor into history the server no longer has: every
/// cursor handed out before answers CURSOR_EXPIRED, and pulls from the start work.
@Suite struct FeedRestartTests {
    let clock = ManualWallClock()

    func put(_ store: DocumentStore, _ id: String) async throws -> StoredDocument {
        try await store.write { writer in
            try await writer.save(
                DocumentWrite(id: id, collection: "notes", data: ["title": "t"], access: ["alice"], clientUpdatedAt: clock.now, author: "alice"))
        }
    }

    @Test(arguments: TestEngine.available)
    func everyCursorFromBeforeARestoreExpiresAndPullsFromTheStartWork(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "notes", database: database, clock: clock)
            _ = try await put(store, "note:1")
            let early = try await store.changes(for: "alice", since: 0, limit: 100).cursor
            _ = try await put(store, "note:2")
            let latest = try await store.changes(for: "alice", since: 0, limit: 100).cursor

            let restart = try await FeedRestart.afterRestore(database)
            #expect(restart > latest)
            let pages = try await store.changes(for: "alice", since: 0, limit: 1)
            #expect(pages.hasMore && pages.cursor > FeedRestart.jump, "a resync in pages goes on past the old numbers")
            #expect(try await store.changes(for: "alice", since: pages.cursor, limit: 1).changes.count == 1)
            for cursor in [early, latest] {
                await #expect(throws: StoreError.cursorExpired) { _ = try await store.changes(for: "alice", since: cursor, limit: 100) }
            }
            let fromStart = try await store.changes(for: "alice", since: 0, limit: 100)
            #expect(Set(fromStart.changes.map(\.id)) == ["note:1", "note:2"])

            let next = try await put(store, "note:3")
            #expect(next.seq > restart, "new changes are numbered past every old cursor")
            let after = try await store.changes(for: "alice", since: fromStart.cursor, limit: 100)
            #expect(after.changes.map(\.id) == ["note:3"])
        }
    }
}
