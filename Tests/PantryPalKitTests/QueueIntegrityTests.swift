import HearthClient
import HearthCore
import Testing
@testable import PantryPalKit

/// What the queue guarantees while it is replayed, pulled around and refused.
@Suite("Queue integrity")
struct QueueIntegrityTests {
    static let emptySnapshot: JSONValue = ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 9]

    @Test func claimingAnActionMarksItAttemptedAndReturnsItAsStored() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let item = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 2).item
        try fixture.client.inventory.adjust(itemID: item.id, by: 3)
        let claimed = try #require(try fixture.store.claimNextAction())
        #expect(claimed.attempts == 1 && claimed.body?["quantity"] == 5)
        // An edit after the claim cannot change what is being sent.
        try fixture.client.inventory.adjust(itemID: item.id, by: 1)
        #expect(try fixture.store.pendingActions().map(\.kind) == [.createInventory, .adjustQuantity])
        #expect(try fixture.store.pendingActions().first?.body == claimed.body)
    }

    @Test func aPulledChangeSkippedForAQueuedActionMakesTheNextPullAFullOne() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.store.apply(
            [ChangeRow(seq: 1, entityType: "grocery", entityID: "7", action: .create, snapshot: ["name": "Tea", "normalizedName": "tea"])],
            cursor: 1)
        #expect(try fixture.store.state(.needsFullSync) == nil)
        try fixture.client.grocery.add(name: "Eggs")
        try fixture.store.apply(
            [ChangeRow(seq: 2, entityType: "grocery", entityID: "8", action: .create, snapshot: ["name": "Eggs", "normalizedName": "eggs"])],
            cursor: 2)
        #expect(try fixture.store.state(.needsFullSync) != nil)

        fixture.scriptQuietServer(cursor: 9)
        fixture.server.on("POST grocery", ["id": 8, "name": "Eggs"])
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [["id": 8, "name": "Eggs"]], "cursor": 9])
        let report = try await fixture.client.sync.sync()
        #expect(report.fullSync)
        #expect(try fixture.store.state(.needsFullSync) == nil)
        #expect(try fixture.store.grocery().map(\.name) == ["Eggs"])
    }

    @Test func aCheckoutTheServerTookFromAnotherRowForcesAFullSync() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [
            InventoryItem(id: "row-a", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1, expirationDate: "2026-04-01"),
            InventoryItem(id: "row-b", productID: KitFixture.milk.id, locationID: KitFixture.fridge.id, quantity: 1, expirationDate: "2026-05-01"),
        ])
        let taken = try await fixture.client.checkout.checkout(upc: "0001")
        #expect(taken.itemID == "row-a")
        // Both rows ended at zero, so only `inventoryId` tells which one the server took.
        fixture.server.on(
            "POST checkout/scan",
            ["success": true, "itemDeleted": true, "newQuantity": 0, "inventoryItem": nil, "inventoryId": "row-b", "productName": "Moo Milk"])
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/full", Self.emptySnapshot)
        let report = try await fixture.client.sync.sync()
        #expect(report.sent == 1 && report.fullSync)
    }

    @Test func aRefusedCreateTakesTheLaterActionsOnItsRowWithIt() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let item = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 3).item
        _ = try await fixture.client.checkout.checkout(upc: "0001")
        try fixture.client.inventory.adjust(itemID: item.id, by: 1)
        #expect(try fixture.store.pendingActions().map(\.kind) == [.createInventory, .checkout, .adjustQuantity])
        fixture.server.on(
            "POST inventory", status: 403, ["error": "Inventory limit reached", "code": "LIMIT_REACHED", "limit": "25", "upgradeRequired": "true"])
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/full", Self.emptySnapshot)
        let report = try await fixture.client.sync.sync()
        #expect(fixture.server.sent("POST checkout/scan").isEmpty)
        #expect(fixture.server.sent.allSatisfy { $0.method != "PATCH" })
        #expect(report.rejected == 3)
        #expect(try fixture.store.rejections().map(\.code) == ["LIMIT_REACHED", "CREATE_REFUSED", "CREATE_REFUSED"])
        #expect(try fixture.store.pendingCount() == 0)
    }

    @Test func quantitiesStayWithinWhatTheServerAccepts() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 99_999)])
        #expect(throws: PantryPalError.self) { try fixture.client.inventory.adjust(itemID: "row", by: 2) }
        #expect(throws: PantryPalError.self) {
            try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 5)
        }
        #expect(throws: PantryPalError.self) { try fixture.client.inventory.adjust(itemID: "row", by: -100_001) }
        #expect(try fixture.store.inventoryItem(id: "row")?.quantity == 99_999)
        #expect(try fixture.store.pendingActions().isEmpty)

        let fresh = try fixture.client.inventory.add(productID: KitFixture.bread.id, locationID: KitFixture.pantry.id, quantity: 60_000).item
        #expect(throws: PantryPalError.self) { try fixture.client.inventory.adjust(itemID: fresh.id, by: 50_000) }
        #expect(try fixture.store.pendingActions().map { $0.body?["quantity"] } == [60_000])
    }

    @Test func aShoppingListNameWithASlashIsRemovedByNameAsOneSegment() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(grocery: [GroceryItem(name: "Salt/Pepper 100%")])
        _ = try fixture.client.grocery.remove("salt/pepper 100%")
        fixture.scriptQuietServer()
        fixture.server.on("DELETE grocery/by-name/salt/pepper 100%", ["success": true, "removed": true, "count": 1])
        let report = try await fixture.client.sync.sync()
        #expect(report.sent == 1)
        #expect(fixture.server.sent("DELETE grocery/by-name/salt/pepper 100%").first?.encodedPath == "grocery/by-name/salt%2Fpepper%20100%25")
    }

    @Test func refusalsAreFoundAfterAMarkerAndTheLogStaysBoundedWhenTheQueueIsDiscarded() async throws {
        let fixture = try await KitFixture(premium: true)
        defer { fixture.remove() }
        for index in 0..<150 { try fixture.client.grocery.add(name: "Item \(index)") }
        let marker = try fixture.store.rejectionMarker()
        try fixture.store.discardQueue(reason: "test")
        #expect(try fixture.store.rejections().count == PantryStore.keptRejections)
        #expect(try fixture.store.rejections(after: marker).count == PantryStore.keptRejections)
        let full = try fixture.store.rejectionMarker()
        try fixture.client.grocery.add(name: "One more")
        try fixture.store.discardQueue(reason: "test")
        #expect(try fixture.store.rejections(after: full).map(\.entity.id) == ["one more"])
    }

    @Test func aCheckoutOfAnUnknownProductWhileOfflineIsQueuedUnderTheKeyItWasSentWith() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        fixture.scriptQuietServer()
        fixture.server.unreachable("POST checkout/scan")
        let result = try await fixture.client.checkout.checkout(upc: "999")
        #expect(result.queued && result.remaining == nil)
        let firstKey = try #require(fixture.server.sent("POST checkout/scan").first?.headers["Idempotency-Key"])
        #expect(try fixture.store.pendingActions().map(\.idempotencyKey) == [firstKey])

        fixture.server.unreachable()
        fixture.server.on("POST checkout/scan", ["success": true, "itemDeleted": false, "newQuantity": 2, "inventoryId": "row-x"])
        let report = try await fixture.client.sync.sync()
        #expect(report.sent == 1 && !report.fullSync)
        #expect(fixture.server.sent("POST checkout/scan").map { $0.headers["Idempotency-Key"] } == [firstKey, firstKey])
    }
}
