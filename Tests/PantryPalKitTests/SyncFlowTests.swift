import HearthClient
import HearthCore
import Testing
@testable import PantryPalKit

@Suite("Sync by cursor")
struct SyncFlowTests {
    static let empty: JSONValue = ["products": [], "inventory": [], "locations": [], "grocery": []]

    @Test func aFirstSyncTakesTheFullSnapshotThenTheChangesAfterItsCursor() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.store.setState(.cursor, nil)
        fixture.scriptQuietServer(cursor: 12)
        var snapshot = Self.empty
        snapshot["cursor"] = 12
        snapshot["locations"] = [["id": "loc-a", "name": "Pantry", "level": 0, "sort_order": 0]]
        fixture.server.on("GET sync/full", snapshot)
        let report = try await fixture.client.sync.sync()
        #expect(report.fullSync)
        #expect(fixture.server.sent.map(\.route) == ["GET auth/me", "GET sync/full", "GET sync/changes"])
        #expect(fixture.server.sent("GET sync/changes").first?.query?.contains("cursor=12") == true)
        #expect(try fixture.store.locations().map(\.id) == ["loc-a"])
    }

    @Test func aSyncAskedForWhileOneRunsAlsoSendsWhatWasWrittenMeanwhile() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        fixture.scriptQuietServer()
        fixture.server.on("POST grocery", status: 201, [
            "id": 7, "household_id": .string(KitFixture.householdID), "name": "Eggs", "brand": nil, "upc": nil,
            "normalized_name": "eggs", "created_at": "2026-03-10 12:00:00",
        ])
        let pulling = fixture.server.hold("GET sync/changes")
        let running = Task { try await fixture.client.sync.sync() }
        await pulling.waitForArrival()
        try fixture.client.grocery.add(name: "Eggs")
        let asked = Task { try await fixture.client.sync.sync() }
        try await Task.sleep(for: .milliseconds(100))
        await pulling.open()
        _ = try await running.value
        _ = try await asked.value
        #expect(fixture.server.sent("POST grocery").count == 1, "the change made while a sync ran is sent by the next one")
        #expect(try fixture.store.pendingActions().isEmpty)
    }

    @Test func pagesAreFollowedWhileTheServerHasMore() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/changes") { sent in
            let first = sent.query?.contains("cursor=0") == true
            let row: JSONValue = [
                "seq": .int(first ? 1 : 2), "entity_type": "grocery", "entity_id": .string(first ? "1" : "2"), "action": "create",
                "payload": .string(first ? "{\"name\":\"Eggs\",\"normalizedName\":\"eggs\"}" : "{\"name\":\"Tea\",\"normalizedName\":\"tea\"}"),
            ]
            return (200, ["changes": [row], "cursor": .int(first ? 1 : 2), "hasMore": .bool(first), "resetRequired": false])
        }
        let report = try await fixture.client.sync.sync()
        #expect(report.received == 2 && !report.fullSync)
        #expect(try fixture.store.cursor() == 2)
        #expect(Set(try fixture.store.grocery().map(\.name)) == ["Eggs", "Tea"])
    }

    @Test func aCursorTooOldForTheServerFallsBackToAFullSync() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/changes") { sent in
            sent.query?.contains("cursor=0") == true
                ? (200, ["changes": [], "cursor": 0, "hasMore": false, "resetRequired": true])
                : (200, ["changes": [], "cursor": 30, "hasMore": false, "resetRequired": false])
        }
        var snapshot = Self.empty
        snapshot["cursor"] = 30
        fixture.server.on("GET sync/full", snapshot)
        let report = try await fixture.client.sync.sync()
        #expect(report.fullSync)
        #expect(try fixture.store.cursor() == 30)
    }

    @Test func theServerReportingAnotherHouseholdDropsTheOldHouseholdsData() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1)])
        fixture.server.on(
            "GET auth/me",
            ["user": ["id": "u-1", "email": "a@example.com"], "household": ["id": "h-2", "name": "Other", "isPremium": false], "config": ["freeLimit": 25]])
        var snapshot = Self.empty
        snapshot["cursor"] = 5
        fixture.server.on("GET sync/full", snapshot)
        fixture.server.on("GET sync/changes", ["changes": [], "cursor": 5, "hasMore": false, "resetRequired": false])
        try await fixture.client.sync.sync()
        #expect(try fixture.store.household()?.id == "h-2")
        #expect(try fixture.store.inventory().isEmpty)
    }
}
