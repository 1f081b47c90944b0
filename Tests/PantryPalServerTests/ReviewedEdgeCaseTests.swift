import Foundation
import HearthCore
import HearthTesting
import Testing

/// Edge cases found in review: each was a crash, a 500 or a lost change before its fix.
@Suite struct ReviewedEdgeCaseTests {
    @Test(arguments: TestEngine.available)
    func hugeNumbersAreRefusedInsteadOfOverflowing(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let shelf = try await pantry.location(owner, "Pantry")
            let item = try #require(try await pantry.stock(owner, product: pantry.product(owner, "Rice"), at: shelf).json["id"]?.stringValue)
            let overflow = try await pantry.call(owner, .PATCH, "/api/inventory/\(item)/quantity", ["adjustment": .int(Int64.max)])
            #expect(overflow.status == 400)
            let tooMany = try await pantry.call(owner, .PATCH, "/api/inventory/\(item)/quantity", ["adjustment": 100_000])
            #expect(tooMany.status == 400, "an item holds at most 100000, nothing is clamped silently")
            let sorted = try await pantry.call(owner, .PUT, "/api/locations/\(shelf)", ["sortOrder": 3_000_000_000])
            #expect(sorted.status == 400)
            #expect(try await pantry.call(owner, .POST, "/api/locations", ["name": "Shed"]).status == 201)
            #expect(try await pantry.call(owner, .GET, "/api/inventory").json[0]?["quantity"] == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func aPushedCreateOfAnExistingRowUpdatesIt(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let shelf = try await pantry.location(owner, "Pantry")
            let beans = try await pantry.product(owner, "Beans")
            let id = UUID().uuidString.lowercased()
            try pantry.expect(try await pantry.stock(owner, product: beans, at: shelf, quantity: 2, id: id), 201)
            let change: JSONValue = [
                "entityType": "inventory", "entityId": .string(id), "action": "create",
                "payload": ["productId": .string(beans), "locationId": .string(shelf), "quantity": 7],
            ]
            let result = try await pantry.call(owner, .POST, "/api/sync/push", ["changes": [change]]).json["results"]?[0]
            #expect(result?["success"] == true)
            #expect(try await pantry.call(owner, .GET, "/api/inventory").json[0]?["quantity"] == 7)
        }
    }

    @Test(arguments: TestEngine.available)
    func theFullSnapshotsServerTimeNeverSkipsALaterChange(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let owner = try await pantry.owner("owner@example.com")
            let full = try await pantry.call(owner, .GET, "/api/sync/full").json
            let rows = try await pantry.call(owner, .GET, "/api/sync/changes?cursor=0").json["changes"]?.arrayValue ?? []
            let last = try #require(rows.last?["server_ts"]?.stringValue.flatMap { Timestamp(iso8601: $0) })
            #expect(full["serverTime"] == .string(last.adding(milliseconds: 1).iso8601))
            _ = try await pantry.product(owner, "After the snapshot")
            let next = try await pantry.call(owner, .GET, "/api/sync/changes?since=\(full["serverTime"]?.stringValue ?? "")").json
            #expect(next["changes"]?.arrayValue?.count == 1)
        }
    }

    @Test(arguments: TestEngine.available)
    func twoRegistrationsOfOneAddressAtOnceCreateOneAccount(engine: TestEngine) async throws {
        try await PantryServer.run(engine: engine) { pantry in
            let body: JSONValue = ["email": "race@example.com", "password": "correct horse"]
            async let first = pantry.call(nil, .POST, "/api/auth/register", body)
            async let second = pantry.call(nil, .POST, "/api/auth/register", body.with("email", "RACE@example.com"))
            let statuses = try await [first.status, second.status].sorted()
            #expect(statuses == [201, 400])
        }
    }
}
