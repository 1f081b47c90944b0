import HearthClient
import HearthCore
import Testing
@testable import PantryPalKit

@Suite("Changing household")
struct HouseholdSwitchTests {
    static let otherHousehold: JSONValue = [
        "user": ["id": "u-1", "email": "a@example.com"], "household": ["id": "h-2", "name": "Other", "isPremium": false],
        "config": ["freeLimit": 25],
    ]

    @Test func changesQueuedForTheOldHouseholdAreNeverSentToTheNewOne() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.grocery.add(name: "Eggs")
        fixture.server.on("GET auth/me", Self.otherHousehold)
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 5])
        fixture.server.on("GET sync/changes", ["changes": [], "cursor": 5, "hasMore": false, "resetRequired": false])
        let report = try await fixture.client.sync.sync()
        #expect(fixture.server.sent("POST grocery").isEmpty)
        #expect(report.sent == 0)
        #expect(try fixture.store.pendingCount() == 0)
        #expect(try fixture.store.rejections().map(\.code) == ["DISCARDED"])
        #expect(try fixture.store.household()?.id == "h-2")
        #expect(try fixture.store.grocery().isEmpty)
    }

    @Test func aJoinElsewhereDuringTheReplayIsRefusedByTheServerAndTheQueueDropped() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.grocery.add(name: "Eggs")
        fixture.scriptQuietServer()
        let server = fixture.server
        let sameHousehold = try #require(server.answer(to: "GET auth/me"))
        // The first `auth/me` still sees the old household; the join lands just after it.
        server.on("GET auth/me") { _ in (200, server.sent("GET auth/me").count <= 1 ? sameHousehold : Self.otherHousehold) }
        server.on("POST grocery", status: 409, ["error": "This change was made for another household", "code": "HOUSEHOLD_CHANGED"])
        server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 5])
        server.on("GET sync/changes", ["changes": [], "cursor": 5, "hasMore": false, "resetRequired": false])
        try await fixture.client.sync.sync()
        #expect(server.sent("POST grocery").map { $0.headers["X-Household-Id"] } == [KitFixture.householdID])
        #expect(try fixture.store.household()?.id == "h-2")
        #expect(try fixture.store.pendingCount() == 0)
        #expect(try fixture.store.rejections().map(\.code) == ["DISCARDED"])
    }

    @Test func askingWhoIAmAfterAJoinElsewhereDropsTheOldQueueToo() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.grocery.add(name: "Eggs")
        fixture.server.on("GET auth/me", Self.otherHousehold)
        let me = try await fixture.client.account.me()
        #expect(me.household?.id == "h-2")
        #expect(try fixture.store.pendingCount() == 0)
        #expect(try fixture.store.rejections().map(\.entity) == [EntityKey(.grocery, "eggs")])
    }

    @Test func joiningIsRefusedWhileChangesCannotBeSentUnlessTheyAreDiscarded() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.grocery.add(name: "Eggs")
        fixture.scriptQuietServer()
        fixture.server.unreachable("POST grocery")
        await #expect(throws: PantryPalError.unsyncedChanges(1)) { try await fixture.client.household.join(code: "K7P2QX") }
        #expect(fixture.server.sent("POST household/join").isEmpty)
        #expect(try fixture.store.pendingCount() == 1)

        fixture.server.on("POST household/join", ["household": ["id": "h-2", "name": "Other"]])
        fixture.server.on("POST locations/seed-defaults", ["seeded": false])
        let server = fixture.server
        let sameHousehold = try #require(server.answer(to: "GET auth/me"))
        server.on("GET auth/me") { _ in (200, server.sent("POST household/join").isEmpty ? sameHousehold : Self.otherHousehold) }
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 5])
        fixture.server.on("GET sync/changes", ["changes": [], "cursor": 5, "hasMore": false, "resetRequired": false])
        let joined = try await fixture.client.household.join(code: "K7P2QX", discardingUnsyncedChanges: true)
        #expect(joined.id == "h-2")
        #expect(try fixture.store.pendingCount() == 0)
        #expect(try fixture.store.rejections().map(\.code) == ["DISCARDED"])
    }

    @Test func aHouseholdCreatedIsReportedEvenWhenSettingItUpFailsAfterwards() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.store.setHousehold(nil)
        fixture.server.on("POST household", status: 201, ["id": "h-9", "name": "Smith Household"])
        fixture.server.unreachable("POST locations/seed-defaults")
        let creation = try await fixture.client.household.createHousehold()
        #expect(creation.household.id == "h-9")
        #expect(creation.setupFailure != nil)
        #expect(try fixture.store.household()?.id == "h-9")
        await #expect(throws: ClientError.self) { try await fixture.client.household.create() }
    }
}
