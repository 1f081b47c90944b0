import HearthClient
import HearthCore
import Testing
@testable import PantryPalKit

@Suite("Replaying the queue against the server")
struct ReplayTests {
    @Test func aNetworkFailureKeepsTheActionAndStopsTheQueue() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id)
        try fixture.client.grocery.add(name: "Eggs")
        fixture.scriptQuietServer()
        fixture.server.unreachable("POST inventory")
        await #expect(throws: ClientError.self) { try await fixture.client.sync.sync() }
        #expect(try fixture.store.pendingActions().map(\.kind) == [.createInventory, .addGrocery])
        #expect(fixture.server.sent.map(\.route) == ["GET auth/me", "POST inventory"])
        #expect(try fixture.store.pendingActions().first?.attempts == 1)
    }

    @Test func anAdjustmentUnansweredForMoreThanADayIsNotResentBecauseTheServerForgotItsKey() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 5)])
        try fixture.client.inventory.adjust(itemID: "row", by: -2)
        fixture.scriptQuietServer()
        fixture.server.unreachable("PATCH inventory/row/quantity")
        await #expect(throws: ClientError.self) { try await fixture.client.sync.sync() }
        fixture.clock.advance(seconds: 22 * 3600)
        await #expect(throws: ClientError.self) { try await fixture.client.sync.sync() }
        #expect(fixture.server.sent("PATCH inventory/row/quantity").count == 2, "within a day the same key is still safe to resend")
        fixture.clock.advance(seconds: 2 * 3600)
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 0])
        _ = try? await fixture.client.sync.sync()
        #expect(fixture.server.sent("PATCH inventory/row/quantity").count == 2, "past the server's memory of the key it is not resent")
        #expect(try fixture.store.pendingActions().isEmpty)
        #expect(try fixture.store.rejections().first?.code == "ANSWER_UNKNOWN")
    }

    @Test func aRetriedActionCarriesTheSameIdempotencyKey() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id)
        fixture.scriptQuietServer()
        fixture.server.on("POST inventory", status: 503, ["error": "Service unavailable"])
        await #expect(throws: ClientError.self) { try await fixture.client.sync.sync() }
        fixture.server.on("POST inventory", status: 201, ["id": "x"])
        fixture.scriptQuietServer()
        try await fixture.client.sync.sync()
        let keys = fixture.server.sent("POST inventory").map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
        #expect(try fixture.store.pendingActions().isEmpty)
    }

    @Test func aLimitAnswerDropsTheActionRecordsItRaisesThePaywallAndTheQueueGoesOn() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let item = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id).item
        try fixture.client.grocery.add(name: "Eggs")
        fixture.server.on(
            "POST inventory", status: 403,
            ["error": "Inventory limit reached", "code": "LIMIT_REACHED", "limit": "25", "upgradeRequired": "true"])
        fixture.server.on("POST grocery", status: 201, ["id": 7, "name": "Eggs", "normalized_name": "eggs"])
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [["id": 7, "name": "Eggs"]], "cursor": 3])
        let report = try await fixture.client.sync.sync()
        #expect(report.sent == 1 && report.rejected == 1)
        #expect(report.paywall?.reason == .limitReached && report.paywall?.limit == 25)
        #expect(try fixture.store.paywall()?.reason == .limitReached)
        let rejection = try #require(try fixture.store.rejections().last)
        #expect(rejection.code == "LIMIT_REACHED" && rejection.entity == EntityKey(.inventory, item.id))
        // The refused optimistic row is undone by the full sync that follows a rejection.
        #expect(report.fullSync)
        #expect(try fixture.store.inventoryItem(id: item.id) == nil)
        #expect(try fixture.store.grocery().first?.serverID == 7)
    }

    @Test func premiumRequiredIsDroppedWithItsOwnPaywallInsteadOfBlockingTheQueue() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 2)])
        try fixture.client.inventory.adjust(itemID: "row", by: 1)
        fixture.server.on(
            "PATCH inventory/row/quantity", status: 403,
            ["error": "Household sharing is a Premium feature. Upgrade to adjust quantity.", "code": "PREMIUM_REQUIRED", "upgradeRequired": "true"])
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 3])
        let report = try await fixture.client.sync.sync()
        #expect(report.rejected == 1 && report.paywall?.reason == .premiumRequired)
        #expect(try fixture.store.pendingCount() == 0)
    }

    @Test func deletingARowAlreadyGoneOnTheServerCountsAsDone() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1)])
        try fixture.client.inventory.remove(itemID: "row")
        fixture.server.on("DELETE inventory/row", status: 404, ["error": "Inventory item not found"])
        fixture.scriptQuietServer()
        let report = try await fixture.client.sync.sync()
        #expect(report.sent == 1 && report.rejected == 0)
        #expect(try fixture.store.rejections().isEmpty)
    }

    @Test func adjustingARowGoneOnTheServerIsRecordedAsRejected() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1)])
        try fixture.client.inventory.adjust(itemID: "row", by: 1)
        fixture.server.on("PATCH inventory/row/quantity", status: 404, ["error": "Inventory item not found"])
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 3])
        let report = try await fixture.client.sync.sync()
        #expect(report.rejected == 1)
        #expect(try fixture.store.rejections().map(\.status) == [404])
        #expect(try fixture.store.inventoryItem(id: "row") == nil)
    }

    @Test func anExpiredTokenIsRefreshedOnceAndTheActionSent() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.grocery.add(name: "Eggs")
        fixture.server.on("POST grocery") { sent in
            sent.headers["Authorization"] == "Bearer access-2" ? (201, ["id": 1, "name": "Eggs"]) : (401, ["error": "Unauthorized", "code": "TOKEN_EXPIRED"])
        }
        fixture.server.on("POST auth/refresh") { sent in
            sent.body?["refreshToken"] == "refresh-1" ? (200, ["token": "access-2", "refreshToken": "refresh-2", "expiresIn": 900]) : (401, ["error": "Unauthorized"])
        }
        fixture.scriptQuietServer()
        let report = try await fixture.client.sync.sync()
        #expect(report.sent == 1)
        #expect(await fixture.client.session.credentials?.refreshToken == "refresh-2")
        #expect(fixture.server.sent("POST auth/refresh").count == 1)
    }

    @Test func aRefusedRefreshSignsOutAndKeepsTheQueue() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.grocery.add(name: "Eggs")
        fixture.scriptQuietServer()
        fixture.server.on("POST grocery", status: 401, ["error": "Unauthorized", "code": "TOKEN_EXPIRED"])
        fixture.server.on("POST auth/refresh", status: 401, ["error": "Unauthorized", "code": "TOKEN_INVALID"])
        await #expect(throws: ClientError.signedOut) { try await fixture.client.sync.sync() }
        #expect(try fixture.store.pendingCount() == 1)
    }

    @Test func aCheckoutOfTheLastItemSomeoneElseTookIsRejectedAndResynced() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1)])
        _ = try await fixture.client.checkout.checkout(upc: "0001")
        fixture.server.on("POST checkout/scan", ["success": false, "error": "Item not in inventory", "found": true, "inStock": false])
        fixture.scriptQuietServer()
        fixture.server.on("GET sync/full", ["products": [], "inventory": [], "locations": [], "grocery": [], "cursor": 9])
        let report = try await fixture.client.sync.sync()
        #expect(report.rejected == 1 && report.fullSync)
        #expect(try fixture.store.rejections().last?.code == "NOT_IN_STOCK")
    }

    @Test func aProductKeptUnderAnotherIdMovesEveryLocalReference() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let product = try fixture.client.products.addCustom(name: "Jam", upc: "777")
        let item = try fixture.client.inventory.add(productID: product.id, locationID: KitFixture.pantry.id).item
        fixture.server.on("POST products", ["id": "server-jam", "upc": "777", "name": "Jam", "is_custom": 1, "household_id": "h-1"])
        fixture.server.on("POST inventory", status: 201, ["id": .string(item.id)])
        fixture.scriptQuietServer()
        try await fixture.client.sync.sync()
        #expect(fixture.server.sent("POST inventory").first?.body?["productId"] == "server-jam")
        #expect(try fixture.store.inventoryItem(id: item.id)?.productID == "server-jam")
        #expect(try fixture.store.product(id: product.id) == nil)
    }
}
