import Foundation
import HearthCore
import HearthTesting
import Testing

/// The change log and `/api/sync` (spec §2.8 hardened by W1, W2, W3, W6).
@Suite struct SyncChangeLogTests {
    @Test(arguments: TestEngine.available)
    func changesInTheSameSecondAsTheCursorAreNotLost(engine: TestEngine) async throws {
        let clock = ManualWallClock(Timestamp(iso8601: "2030-01-01T10:00:00.100Z") ?? Timestamp(millisecondsSince1970: 0))
        try await PantryServer.run(engine: engine, clock: clock) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let member = owner
            let first = try await pantry.call(member, .GET, "/api/sync/changes?since=1970-01-01T00:00:00Z").json
            let serverTime = try #require(first["serverTime"]?.stringValue)
            let seen = first["changes"]?.arrayValue?.count ?? 0
            #expect(seen == 8, "the household's creation and its seven locations")
            _ = try await pantry.product(owner, "Same second")
            let next = try await pantry.call(member, .GET, "/api/sync/changes?since=\(serverTime)").json
            let names = (next["changes"]?.arrayValue ?? []).compactMap { $0["payload"]?.stringValue }
            #expect(names.count == 1 && names[0].contains("Same second"), "a change in the same second after the cursor arrives")
            #expect(next["changes"]?[0]?["entity_type"] == "product")
            let quiet = try await pantry.call(member, .GET, "/api/sync/changes?since=\(next["serverTime"]?.stringValue ?? "")").json
            #expect(quiet["changes"] == [], "nothing is delivered twice")
        }
    }

    @Test(arguments: TestEngine.available)
    func cursorPagesAreOrderedAndComplete(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            for index in 0..<12 { _ = try await pantry.product(owner, "P\(index)") }
            var cursor: Int64 = 0
            var seqs: [Int64] = []
            while true {
                let page = try await pantry.call(owner, .GET, "/api/sync/changes?cursor=\(cursor)&limit=5").json
                seqs += (page["changes"]?.arrayValue ?? []).compactMap { $0["seq"]?.intValue }
                cursor = try #require(page["cursor"]?.intValue)
                if page["hasMore"] != true { break }
            }
            #expect(seqs == Array(1...Int64(seqs.count)) && seqs.count == 20)
            #expect(try await pantry.call(owner, .GET, "/api/sync/changes?cursor=x").status == 400)
            let ahead = try await pantry.call(owner, .GET, "/api/sync/changes?cursor=9999").json
            #expect(ahead["resetRequired"] == true)
        }
    }

    @Test(arguments: TestEngine.available)
    func moreThanAHundredChangesSinceACursorSendTheAppToAFullSync(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let push: [JSONValue] = (0..<100).map { index in
                ["entityType": "product", "entityId": .string(UUID().uuidString.lowercased()), "action": "create", "payload": ["name": .string("N\(index)")]]
            }
            let pushed = try await pantry.call(owner, .POST, "/api/sync/push", ["changes": .array(push)]).json
            #expect(pushed["results"]?.arrayValue?.allSatisfy { $0["success"] == true } == true)
            let legacy = try await pantry.call(owner, .GET, "/api/sync/changes?since=1970-01-01T00:00:00.000Z").json
            #expect(legacy["changes"]?.arrayValue?.count == 101)
            #expect(legacy["hasMore"] == true)
            let full = try await pantry.call(owner, .GET, "/api/sync/full").json
            #expect(full["products"]?.arrayValue?.count == 100)
            #expect(full["locations"]?.arrayValue?.count == 7)
            #expect(full["cursor"] == 108)
        }
    }

    @Test(arguments: TestEngine.available)
    func pushedChangesObeyTheSameRulesAsREST(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let stranger = try await pantry.owner("stranger@example.com")
            let theirs = try await pantry.product(stranger, "Theirs")
            let shelf = try await pantry.location(owner, "Pantry")
            let item = UUID().uuidString.lowercased()
            func change(_ type: String, _ id: String, _ action: String, _ payload: JSONValue) -> JSONValue {
                ["entityType": .string(type), "entityId": .string(id), "action": .string(action), "payload": payload, "clientTimestamp": "2030-01-01 00:00:00"]
            }
            let results = try await pantry.call(owner, .POST, "/api/sync/push", ["changes": [
                change("inventory", item, "create", ["productId": .string(theirs), "locationId": .string(shelf)]),
                change("product", theirs, "update", ["name": "Mine now"]),
                change("household", "x", "update", [:]),
                change("location", UUID().uuidString.lowercased(), "create", ["name": "Garden shed"]),
            ]]).json["results"]?.arrayValue ?? []
            #expect(results.map { $0["success"] } == [false, false, false, true])
            #expect(results[0]["error"] == "Product not found" && results[1]["error"] == "Product not found")
            #expect(results[2]["error"] == "Unsupported entity type")
            #expect(try await pantry.call(stranger, .GET, "/api/products/\(theirs)").json["name"] == "Theirs")
            let tooMany = try await pantry.call(owner, .POST, "/api/sync/push", ["changes": .array(Array(repeating: [:], count: 101))])
            #expect(tooMany.status == 413 && tooMany.json["code"] == "BATCH_TOO_LARGE")
            #expect(try await pantry.call(owner, .POST, "/api/sync/push", ["changes": "no"]).json == ["error": "Changes must be an array"])
        }
    }

    @Test(arguments: TestEngine.available)
    func changeRowsCarryFullSnapshotsAsJSONStrings(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let product = try await pantry.product(owner, "Flour", upc: "5005")
            try await pantry.expect(pantry.call(owner, .PUT, "/api/products/\(product)", ["brand": "Mill"]), 200)
            let rows = try await pantry.call(owner, .GET, "/api/sync/changes?cursor=0").json["changes"]?.arrayValue ?? []
            let update = try #require(rows.last)
            #expect(update["entity_type"] == "product" && update["action"] == "update")
            let payload = try JSONParser().parse(try #require(update["payload"]?.stringValue))
            #expect(payload["upc"] == "5005" && payload["brand"] == "Mill" && payload["name"] == "Flour", "a partial edit keeps the UPC in the snapshot")
            #expect(update["client_timestamp"]?.stringValue?.isEmpty == false)
        }
    }
}
