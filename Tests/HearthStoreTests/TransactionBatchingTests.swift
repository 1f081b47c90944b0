import HearthCore
import HearthStore
import HearthTesting
import Testing

/// Guarantees behind batched writes: savepoints inside a transaction, and (on SQLite)
/// transactions that share one commit yet succeed or fail on their own.
@Suite struct TransactionBatchingTests {
    struct Boom: Error {}

    @Test(arguments: TestEngine.available)
    func aRolledBackSavepointKeepsTheRestOfItsTransaction(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            try await database.transaction { try await $0.execute("CREATE TABLE t (v TEXT UNIQUE)") }
            try await database.transaction { executor in
                try await executor.execute("INSERT INTO t (v) VALUES (?)", ["before"])
                await #expect(throws: Boom.self) {
                    try await executor.withSavepoint {
                        try await executor.execute("INSERT INTO t (v) VALUES (?)", ["undone"])
                        throw Boom()
                    }
                }
                // An engine error inside a savepoint (PostgreSQL aborts the transaction until
                // the rollback) is contained the same way.
                await #expect(throws: (any Error).self) {
                    try await executor.withSavepoint { try await executor.execute("INSERT INTO t (v) VALUES (?)", ["before"]) }
                }
                try await executor.execute("INSERT INTO t (v) VALUES (?)", ["after"])
            }
            let rows = try await database.read { try await $0.query("SELECT v FROM t ORDER BY v", []) }
            #expect(try rows.map { try $0.string("v") } == ["after", "before"])
        }
    }

    @Test(arguments: TestEngine.available)
    func concurrentTransactionsSucceedOrFailEachOnItsOwn(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            try await database.transaction { try await $0.execute("CREATE TABLE t (n BIGINT)") }
            let count = 120
            let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
                for n in 0..<count {
                    group.addTask {
                        do {
                            try await database.transaction { executor in
                                try await executor.execute("INSERT INTO t (n) VALUES (?)", [.integer(Int64(n))])
                                await Task.yield()
                                if n % 3 == 0 { throw Boom() }
                                try await executor.execute("INSERT INTO t (n) VALUES (?)", [.integer(Int64(n + 1000))])
                            }
                            return (n, true)
                        } catch {
                            return (n, false)
                        }
                    }
                }
                var outcomes: [Int: Bool] = [:]
                for await (n, ok) in group { outcomes[n] = ok }
                return outcomes
            }
            let committed = Set(outcomes.filter(\.value).map(\.key))
            #expect(committed == Set((0..<count).filter { $0 % 3 != 0 }))
            let stored = try await database.read { try await $0.query("SELECT n FROM t", []) }.map { try $0.int("n") }
            let expected = committed.flatMap { [Int64($0), Int64($0 + 1000)] }
            #expect(stored.sorted() == expected.sorted())
        }
    }

    @Test(arguments: TestEngine.available)
    func aTransactionBodyRunsWithItsCallersTaskLocals(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let seen = try await withThrowingTaskGroup(of: String?.self) { group in
                for caller in 0..<16 {
                    group.addTask {
                        try await RequestTag.$value.withValue("caller-\(caller)") {
                            try await database.transaction { executor in
                                _ = try await executor.query("SELECT 1 AS one", [])
                                return RequestTag.value == "caller-\(caller)" ? nil : "caller-\(caller) saw \(RequestTag.value ?? "nothing")"
                            }
                        }
                    }
                }
                var mismatches: [String] = []
                for try await mismatch in group { if let mismatch { mismatches.append(mismatch) } }
                return mismatches
            }
            #expect(seen.isEmpty)
        }
    }

    @Test(arguments: TestEngine.available)
    func aDocumentWriteRolledBackToItsSavepointLeavesNoFeedEntry(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let store = DocumentStore(app: "sp", database: database, clock: SystemWallClock())
            try await store.write { writer in
                try await writer.save(write("kept:1"))
                await #expect(throws: Boom.self) {
                    try await writer.withSavepoint {
                        try await writer.save(write("undone"))
                        throw Boom()
                    }
                }
                // The writer's memory forgot the undone document with the database.
                #expect(try await writer.fetch("undone") == nil)
                try await writer.save(write("kept:2"))
            }
            let page = try await store.changes(for: "reader", since: 0, limit: 100)
            #expect(page.changes.map(\.id) == ["kept:1", "kept:2"])
            #expect(try await store.fetch("undone") == nil)
        }
    }
}

private func write(_ id: String) -> DocumentWrite {
    DocumentWrite(
        id: id, collection: "c", data: ["v": 1], access: ["reader"], clientUpdatedAt: Timestamp(millisecondsSince1970: 0), author: "w")
}

enum RequestTag {
    @TaskLocal static var value: String?
}
