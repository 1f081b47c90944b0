import HearthCore
import HearthServer
import HearthStore
import HearthTesting
import Testing

/// The generic delta sync endpoints of spec/sync.md, driven over HTTP through the notes
/// test app, on every storage engine.
@Suite struct DeltaSyncTests {
    @Test(arguments: TestEngine.available)
    func pushedDocumentsComeBackWithExactlyTheirJSON(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let extra: [String: JSONValue] = ["count": 1, "ratio": 1.0, "flag": true, "big": .int(9_007_199_254_740_993), "nested": ["a": [1, 2.5, nil]]]
            let push = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "Groceries", extra: extra)])
            #expect(push.status == 200)
            #expect(push.json["results"]?[0]?["status"] == "applied")
            #expect(push.json["results"]?[0]?["version"] == 1)

            let pull = try await server.pull(alice)
            let doc = try #require(pull.json["changes"]?[0]?["doc"])
            #expect(doc["data"]?["count"] == .int(1))
            #expect(doc["data"]?["ratio"] == .double(1.0))
            #expect(doc["data"]?["flag"] == .bool(true))
            #expect(doc["data"]?["big"] == .int(9_007_199_254_740_993))
            #expect(doc["data"]?["nested"] == ["a": [1, 2.5, nil]])
            #expect(doc["version"] == 1)
            #expect(doc["deleted"] == false)
            #expect(pull.text.contains("\"ratio\":1.0"))
        }
    }

    @Test(arguments: TestEngine.available)
    func aReplayedMutationIDAppliesOnceAndAnswersTheSame(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let mutation = notePut("note:1", owner: alice.id, title: "Once", mutationID: "fixed-id")
            let first = try await server.push(alice, [mutation])
            let second = try await server.push(alice, [mutation])
            #expect(first.json == second.json)
            let pull = try await server.pull(alice)
            #expect(pull.json["changes"]?[0]?["doc"]?["version"] == 1)
        }
    }

    /// A client that times out and resends while its first attempt still runs: on
    /// PostgreSQL the two run side by side, and the resend must still answer the same.
    @Test(arguments: TestEngine.available)
    func aBatchResentWhileItsFirstAttemptRunsAppliesOnce(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            for round in 0..<4 {
                let batch = (0..<20).map { notePut("note:\(round):\($0)", owner: alice.id, title: "n\($0)", mutationID: "r\(round)-m\($0)") }
                async let first = server.push(alice, batch)
                async let second = server.push(alice, batch)
                let (one, two) = try await (first, second)
                #expect(one.json == two.json)
                #expect(one.json["results"]?.arrayValue?.allSatisfy { $0["status"] == "applied" && $0["version"] == 1 } == true)
            }
            let pulled = try await server.pull(alice, limit: 500).json["changes"]?.arrayValue ?? []
            #expect(pulled.count == 80)
            #expect(pulled.allSatisfy { $0["doc"]?["version"] == 1 })
        }
    }

    @Test(arguments: TestEngine.available)
    func aStaleEditLosesToALaterOneAndReceivesTheWinner(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            _ = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "v1", at: "2026-11-22T10:00:00.000Z")])
            _ = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "phone", baseVersion: 1, at: "2026-11-22T10:05:00.000Z")])
            // A laptop edited version 1 earlier, offline, and syncs late: it loses.
            let late = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "laptop", baseVersion: 1, at: "2026-11-22T10:01:00.000Z")])
            let result = try #require(late.json["results"]?[0])
            #expect(result["status"] == "conflict")
            #expect(result["doc"]?["data"]?["title"] == "phone")
            // An edit made later on its device wins even from a stale base.
            let later = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "tablet", baseVersion: 1, at: "2026-11-22T10:09:00.000Z")])
            #expect(later.json["results"]?[0]?["status"] == "applied")
            #expect(later.json["results"]?[0]?["version"] == 3)
        }
    }

    @Test(arguments: TestEngine.available)
    func noOneButTheOwnerOverwritesOrDeletesAndConflictsRevealNothing(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let mallory = try await server.signUp("mallory@example.com")
            _ = try await server.push(alice, [notePut("note:secret", owner: alice.id, title: "diary", at: "2026-11-22T10:00:00.000Z")])

            // Claiming ownership in the pushed document does not help: the stored owner rules.
            let takeover = try await server.push(mallory, [notePut("note:secret", owner: mallory.id, title: "mine", baseVersion: 1, at: "2026-11-22T12:00:00.000Z")])
            #expect(takeover.json["results"]?[0]?["status"] == "rejected")
            #expect(takeover.json["results"]?[0]?["code"] == "FORBIDDEN")
            #expect(takeover.json["results"]?[0]?["message"] == "You cannot write this document")
            let delete = try await server.push(mallory, [noteDelete("note:secret", baseVersion: 1, at: "2026-11-22T12:00:00.000Z")])
            #expect(delete.json["results"]?[0]?["status"] == "rejected")
            // A stale write to a document the caller cannot read is refused like any other,
            // so neither its contents nor its version or edit time can be probed.
            for (base, time) in [(0, "2026-11-22T09:00:00.000Z"), (1, "2026-11-22T09:00:00.000Z"), (7, "2026-11-22T13:00:00.000Z")] {
                let probe = try await server.push(mallory, [notePut("note:secret", owner: mallory.id, title: "x", baseVersion: Int64(base), at: time)])
                #expect(probe.json["results"]?[0]?["status"] == "rejected")
                #expect(probe.json["results"]?[0]?["message"] == "You cannot write this document")
                #expect(!probe.text.contains("diary"))
            }

            let alicePull = try await server.pull(alice)
            #expect(alicePull.json["changes"]?[0]?["doc"]?["data"]?["title"] == "diary")
            let malloryPull = try await server.pull(mallory)
            #expect(malloryPull.json["changes"] == [])
        }
    }

    @Test(arguments: TestEngine.available)
    func unsharingSendsARemoveToTheUserWhoLostAccess(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let bob = try await server.signUp("bob@example.com")
            _ = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "plans", sharedWith: [bob.id])])
            let bobFirst = try await server.pull(bob)
            #expect(bobFirst.json["changes"]?[0]?["op"] == "upsert")
            let cursor = try #require(bobFirst.json["cursor"]?.stringValue)

            _ = try await server.push(alice, [notePut("note:1", owner: alice.id, title: "plans", sharedWith: [], baseVersion: 1, at: "2026-11-22T10:30:00.000Z")])
            let bobNext = try await server.pull(bob, since: cursor)
            #expect(bobNext.json["changes"]?[0]?["op"] == "remove")
            #expect(bobNext.json["changes"]?[0]?["id"] == "note:1")
            #expect(bobNext.json["changes"]?[0]?["doc"] == nil)
        }
    }

    @Test(arguments: TestEngine.available)
    func oneBadMutationIsRejectedAloneAndTheRestApply(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let response = try await server.push(alice, [
                notePut("note:1", owner: alice.id, title: "good"),
                notePut("note:2", owner: alice.id, title: ""),
                ["mutation_id": "broken", "collection": "notes", "op": "put"],
                notePut("note:3", owner: alice.id, title: "x").withCollection("unknown"),
                noteDelete("note:never-existed", baseVersion: 0),
                notePut("note:4", owner: alice.id, title: "also good"),
            ])
            let statuses = response.json["results"]?.arrayValue?.map { $0["status"]?.stringValue ?? "?" }
            #expect(statuses == ["applied", "rejected", "rejected", "rejected", "applied", "applied"])
            let codes = response.json["results"]?.arrayValue?.map { $0["code"]?.stringValue ?? "" }
            #expect(codes == ["", "VALIDATION_FAILED", "VALIDATION_FAILED", "UNKNOWN_COLLECTION", "", ""])
            let ids = try await server.pull(alice).json["changes"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(ids == ["note:1", "note:4"])
        }
    }

    @Test(arguments: TestEngine.available)
    func aMutationThatFailsAfterWritingIsUndoneAloneAndTheBatchCommits(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let batch = [
                notePut("trip:1", owner: alice.id, title: "fine").withCollection("tripwires"),
                notePut("trip:2", owner: alice.id, title: "boom", extra: ["explode": true]).withCollection("tripwires"),
                notePut("note:3", owner: alice.id, title: "after"),
            ]
            let response = try await server.push(alice, batch)
            let statuses = response.json["results"]?.arrayValue?.map { $0["status"]?.stringValue ?? "?" }
            #expect(statuses == ["applied", "rejected", "applied"])
            #expect(response.json["results"]?[1]?["code"] == "VALIDATION_FAILED")
            // The exploded document, its feed entry and its app-table row are gone; the rest stands.
            let ids = try await server.pull(alice).json["changes"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(ids == ["trip:1", "note:3"])
            let logged = try await server.platform.database.read { executor in
                try await executor.query("SELECT job_id FROM notes_job_log ORDER BY job_id", []).map { try $0.string("job_id") }
            }
            #expect(logged == ["trip:1"])
            // Every answer, the rejection included, was recorded with the batch.
            let resent = try await server.push(alice, batch)
            #expect(resent.json == response.json)
        }
    }

    @Test(arguments: TestEngine.available)
    func aMutationIDRepeatedInOneBatchAppliesOnce(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let first = notePut("note:1", owner: alice.id, title: "first", mutationID: "same")
            let second = notePut("note:1", owner: alice.id, title: "second", baseVersion: 1, mutationID: "same")
            let response = try await server.push(alice, [first, second])
            #expect(response.json["results"]?[0] == response.json["results"]?[1])
            let doc = try await server.pull(alice).json["changes"]?[0]?["doc"]
            #expect(doc?["version"] == 1)
            #expect(doc?["data"]?["title"] == "first")
        }
    }

    @Test(arguments: TestEngine.available)
    func controlCharactersInIdsAreRejectedPerMutationNeverA500(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let response = try await server.push(alice, [
                notePut("note:1", owner: alice.id, title: "a", mutationID: "nul\u{0}id"),
                notePut("note:2", owner: alice.id, title: "b", sharedWith: ["user:\u{0}x"]),
                notePut("note:3", owner: alice.id, title: "c\u{0}d", mutationID: "m3"),
            ])
            #expect(response.status == 200)
            let statuses = response.json["results"]?.arrayValue?.map { $0["status"]?.stringValue ?? "?" }
            #expect(statuses == ["rejected", "rejected", "applied"])
            let stored = try await server.pull(alice).json["changes"]?[0]?["doc"]?["data"]?["title"]
            #expect(stored == "c\u{0}d")
        }
    }

    @Test(arguments: TestEngine.available)
    func batchAndCursorLimitsAnswerWithClearErrors(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp()]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let tooMany = (0...500).map { notePut("note:\($0)", owner: alice.id, title: "n") }
            let response = try await server.request(
                .POST, "/notes/api/hearth/v1/sync/push", json: ["mutations": .array(tooMany)], headers: alice.bearer)
            // The notes app caps bodies at 64 KiB, so this batch is refused by size first.
            #expect(response.status == 413)
            #expect(response.json["code"] == "PAYLOAD_TOO_LARGE")

            #expect(try await server.pull(alice, limit: 0).status == 400)
            #expect(try await server.pull(alice, limit: 5001).status == 400)
            #expect(try await server.pull(alice, since: "abc").status == 400)
            for cursor in ["%2B1", "-0", "%201", "1e3"] {
                #expect(try await server.pull(alice, since: cursor).status == 400, "since=\(cursor) is not a cursor this server gave")
            }
            let signedLimit = try await server.request(.GET, "/notes/api/hearth/v1/sync/changes?limit=%2B5", headers: alice.bearer)
            #expect(signedLimit.status == 400)
            let future = try await server.pull(alice, since: "999999")
            #expect(future.status == 410)
            #expect(future.json["code"] == "CURSOR_EXPIRED")
            let anonymous = try await server.request(.GET, "/notes/api/hearth/v1/sync/changes")
            #expect(anonymous.status == 401)
        }
    }

    @Test(arguments: TestEngine.available)
    func morePushMutationsThanTheBatchLimitAre413(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp.withServerBodyLimit]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            let tooMany = (0...500).map { notePut("note:\($0)", owner: alice.id, title: "n") }
            let response = try await server.push(alice, tooMany)
            #expect(response.status == 413)
            #expect(response.json["code"] == "BATCH_TOO_LARGE")
            #expect(try await server.pull(alice).json["changes"] == [])
        }
    }

    @Test(arguments: TestEngine.available)
    func anIdleSyncCostsAFewHundredBytesWhateverTheDataset(engine: TestEngine) async throws {
        try await TestServer.run(engine: engine, apps: [NotesTestApp.withServerBodyLimit]) { (server: TestServer) async throws in
            let alice = try await server.signUp("alice@example.com")
            for batch in 0..<4 {
                _ = try await server.push(alice, (0..<100).map { notePut("note:\(batch)-\($0)", owner: alice.id, title: String(repeating: "x", count: 100)) })
            }
            var cursor = ""
            var received = 0
            while true {
                let page = try await server.pull(alice, since: cursor, limit: 150)
                received += page.json["changes"]?.arrayValue?.count ?? 0
                cursor = try #require(page.json["cursor"]?.stringValue)
                if page.json["has_more"] == false { break }
            }
            #expect(received == 400)
            let idle = try await server.pull(alice, since: cursor)
            #expect(idle.json["changes"] == [])
            #expect(idle.body.count < 300)
        }
    }
}

extension JSONValue {
    func withCollection(_ name: String) -> JSONValue {
        var copy = self
        copy["collection"] = .string(name)
        return copy
    }
}

@Suite struct SyncHistoryRetentionTests {
    @Test(arguments: TestEngine.available)
    func aClientOfflineLongerThanTheRetentionIsToldToResync(engine: TestEngine) async throws {
        let clock = ManualWallClock()
        try await TestServer.run(engine: engine, apps: [NotesTestApp()], clock: clock) { (server: TestServer) async throws in
            let before = try await server.signUp("alice@example.com")
            _ = try await server.push(before, [notePut("note:old", owner: before.id, title: "old")])
            let offlineCursor = try #require(try await server.pull(before).json["cursor"]?.stringValue)
            _ = try await server.push(before, [noteDelete("note:old", baseVersion: 1)])
            clock.advance(seconds: 31 * 86_400)
            let documents = DocumentStore(app: "notes", database: server.platform.database, clock: clock)
            try await MaintenanceService(
                database: server.platform.database, documentStores: [documents], clock: clock, logger: .quietTestLogger
            ).runOnce()
            let alice = try await server.logIn("alice@example.com")

            let stale = try await server.pull(alice, since: offlineCursor)
            #expect(stale.status == 410)
            #expect(stale.json["code"] == "CURSOR_EXPIRED")
            let resync = try await server.pull(alice)
            #expect(resync.status == 200)
            #expect(resync.json["changes"] == [])
        }
    }
}
