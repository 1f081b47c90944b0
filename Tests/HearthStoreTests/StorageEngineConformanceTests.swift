import HearthCore
import HearthStore
import HearthTesting
import Logging
import Testing

/// Engine-level guarantees: transactions, values, migrations.
@Suite struct StorageEngineConformanceTests {
    @Test(arguments: TestEngine.available)
    func aFailedTransactionLeavesNothingBehind(engine: TestEngine) async throws {
        struct Boom: Error {}
        try await TestDatabase.with(engine) { database in
            try await database.transaction { try await $0.execute("CREATE TABLE t (v TEXT)") }
            await #expect(throws: Boom.self) {
                try await database.transaction { executor in
                    try await executor.execute("INSERT INTO t (v) VALUES (?)", ["half"])
                    throw Boom()
                }
            }
            let rows = try await database.read { try await $0.query("SELECT v FROM t", []) }
            #expect(rows.isEmpty)
            // The engine is usable after the rollback.
            try await database.transaction { try await $0.execute("INSERT INTO t (v) VALUES (?)", ["whole"]) }
            #expect(try await database.read { try await $0.query("SELECT v FROM t", []) }.count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func valuesRoundTripExactly(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let blobType = engine == .postgres ? "BYTEA" : "BLOB"
            try await database.transaction {
                try await $0.execute("CREATE TABLE v (i BIGINT, r DOUBLE PRECISION, s TEXT, b \(blobType), n TEXT)")
            }
            let values: [SQLValue] = [
                .integer(Int64.max), .real(0.1 + 0.2), .text("naïve 'quoted' ? text"), .blob([0, 255, 7]), .null,
            ]
            try await database.transaction { try await $0.execute("INSERT INTO v VALUES (?, ?, ?, ?, ?)", values) }
            let row = try #require(try await database.read { try await $0.queryFirst("SELECT * FROM v") })
            #expect(row.values == values)
        }
    }

    @Test(arguments: TestEngine.available)
    func migrationsApplyOnceAndRerunsChangeNothing(engine: TestEngine) async throws {
        try await TestDatabase.with(engine, migrations: []) { database in
            let runner = MigrationRunner(database: database, logger: .quietTestLogger)
            let extra = Migration(module: "zz_test", version: 1, name: "table", sql: ["CREATE TABLE zz_items (id TEXT)"])
            let first = try await runner.run(DocumentMigrations.all + [extra])
            let second = try await runner.run(DocumentMigrations.all + [extra])
            #expect(first.count == DocumentMigrations.all.count + 1)
            #expect(second.isEmpty)
            let next = Migration(module: "zz_test", version: 2, name: "column", sql: ["ALTER TABLE zz_items ADD COLUMN n TEXT"])
            #expect(try await runner.run([extra, next]) == [next])
        }
    }

    @Test(arguments: TestEngine.available)
    func anOlderHearthRefusesADatabaseANewerOneMigrated(engine: TestEngine) async throws {
        try await TestDatabase.with(engine, migrations: []) { database in
            let runner = MigrationRunner(database: database, logger: .quietTestLogger)
            let first = Migration(module: "zz_test", version: 1, name: "table", sql: ["CREATE TABLE zz_items (id TEXT)"])
            let second = Migration(module: "zz_test", version: 2, name: "column", sql: ["ALTER TABLE zz_items ADD COLUMN n TEXT"])
            try await runner.run([first, second])
            await #expect(throws: StoreError.self) { try await runner.run([first]) }
            let other = Migration(module: "zz_other", version: 1, name: "table", sql: ["CREATE TABLE zz_other (id TEXT)"])
            #expect(try await runner.run([other]) == [other], "modules the list does not cover are not judged")
        }
    }

    @Test(arguments: TestEngine.available)
    func aFailingMigrationIsReportedAndNotRecorded(engine: TestEngine) async throws {
        try await TestDatabase.with(engine, migrations: []) { database in
            let runner = MigrationRunner(database: database, logger: .quietTestLogger)
            let broken = Migration(
                module: "zz_test", version: 1, name: "broken", sql: ["CREATE TABLE ok_part (id TEXT)", "NOT SQL"])
            await #expect(throws: StoreError.self) { try await runner.run([broken]) }
            let fixed = Migration(module: "zz_test", version: 1, name: "fixed", sql: ["CREATE TABLE ok_part (id TEXT)"])
            let applied = try await runner.run([fixed])
            #expect(applied == [fixed])
        }
    }

    @Test(arguments: TestEngine.available)
    func appliedMutationsAnswerWithTheirFirstResult(engine: TestEngine) async throws {
        try await TestDatabase.with(engine) { database in
            let log = AppliedMutationLog(app: "notes")
            let clock = ManualWallClock()
            try await database.transaction { executor in
                try await log.record(["status": "applied"], of: "m1", by: "alice", at: clock.now, in: executor)
                try await log.record(["status": "second"], of: "m1", by: "alice", at: clock.now, in: executor)
            }
            let stored = try await database.read { try await log.result(of: "m1", by: "alice", in: $0) }
            let otherUser = try await database.read { try await log.result(of: "m1", by: "bob", in: $0) }
            #expect(stored == ["status": "applied"])
            #expect(otherUser == nil)
        }
    }
}

@Suite struct FeedBroadcastTests {
    @Test func payloadsRoundTripAndLargeFanOutsAreSplitUnderThePostgresLimit() throws {
        let users = Dictionary(uniqueKeysWithValues: (0..<2000).map { ("user:\($0)-0000-0000-0000", Int64($0)) })
        let payloads = FeedBroadcast.payloads(app: "notes", seqByUser: users)
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count < 8000 })
        var merged: [String: Int64] = [:]
        for payload in payloads {
            let notice = try #require(FeedBroadcast.decode(payload))
            #expect(notice.app == "notes")
            merged.merge(notice.seqByUser) { _, new in new }
        }
        #expect(merged == users)
    }
}
