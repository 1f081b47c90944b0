import Foundation
import HearthCore
import Testing
@testable import PantryPalKit

@Suite("The pending-action queue")
struct QueueFoldingTests {
    @Test func aLocalWriteAndItsActionAreSavedTogetherWithAClientIdAndKey() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let added = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 2)
        let actions = try fixture.store.pendingActions()
        #expect(actions.count == 1)
        #expect(actions[0].kind == .createInventory)
        #expect(actions[0].body?["id"]?.stringValue == added.item.id)
        #expect(actions[0].body?["quantity"] == 2)
        #expect(!actions[0].idempotencyKey.isEmpty)
        #expect(try fixture.store.inventoryItem(id: added.item.id)?.quantity == 2)
    }

    @Test func adjustmentsOfAnUnsentNewRowFoldIntoItsCreate() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let item = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id).item
        try fixture.client.inventory.adjust(itemID: item.id, by: 4)
        try fixture.client.inventory.adjust(itemID: item.id, by: -2)
        let actions = try fixture.store.pendingActions()
        #expect(actions.map(\.kind) == [.createInventory])
        #expect(actions[0].body?["quantity"] == 3)
    }

    @Test func anUnsentNewRowAdjustedToZeroIsNeverSent() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let item = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id).item
        #expect(try fixture.client.inventory.adjust(itemID: item.id, by: -1) == nil)
        #expect(try fixture.store.pendingActions().isEmpty)
        #expect(try fixture.store.inventoryItem(id: item.id) == nil)
    }

    @Test func consecutiveAdjustmentsAreSummedAndASumOfZeroIsWithdrawn() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 5)])
        try fixture.client.inventory.adjust(itemID: "row", by: 2)
        try fixture.client.inventory.adjust(itemID: "row", by: 3)
        #expect(try fixture.store.pendingActions().map { $0.body?["adjustment"] } == [5])
        try fixture.client.inventory.adjust(itemID: "row", by: -5)
        #expect(try fixture.store.pendingActions().isEmpty)
        #expect(try fixture.store.inventoryItem(id: "row")?.quantity == 5)
    }

    @Test func anActionOnceSentIsNeverRewrittenSoItsKeyStaysValid() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let item = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id).item
        _ = try #require(try fixture.store.claimNextAction())
        try fixture.client.inventory.adjust(itemID: item.id, by: 2)
        let actions = try fixture.store.pendingActions()
        #expect(actions.map(\.kind) == [.createInventory, .adjustQuantity])
        #expect(actions[0].body?["quantity"] == 1)
        #expect(actions[1].body?["adjustment"] == 2)
    }

    @Test func removingARowTheServerNeverSawSendsNothing() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let item = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id).item
        try fixture.client.inventory.adjust(itemID: item.id, by: 1)
        try fixture.client.inventory.remove(itemID: item.id)
        #expect(try fixture.store.pendingActions().isEmpty)
    }

    @Test func removingARowTheServerHasQueuesADelete() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1)])
        try fixture.client.inventory.remove(itemID: "row")
        let actions = try fixture.store.pendingActions()
        #expect(actions.map(\.method) == ["DELETE"])
        #expect(actions.map(\.path) == ["inventory/row"])
    }

    @Test func everyCheckoutIsItsOwnActionWithItsOwnKey() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 3)])
        _ = try await fixture.client.checkout.checkout(upc: "0001")
        _ = try await fixture.client.checkout.checkout(upc: "0001")
        let actions = try fixture.store.pendingActions()
        #expect(actions.map(\.kind) == [.checkout, .checkout])
        #expect(Set(actions.map(\.idempotencyKey)).count == 2)
        #expect(try fixture.store.inventoryItem(id: "row")?.quantity == 1)
    }

    @Test func actionsStayInTheOrderTheyWereMade() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let product = try fixture.client.products.addCustom(name: "Jam", upc: "777")
        let item = try fixture.client.inventory.add(productID: product.id, locationID: KitFixture.fridge.id, quantity: 2).item
        _ = try await fixture.client.checkout.checkout(upc: "777")
        try fixture.client.grocery.add(name: "Jam")
        let actions = try fixture.store.pendingActions()
        #expect(actions.map(\.kind) == [.createProduct, .createInventory, .checkout, .addGrocery])
        #expect(actions.map(\.position) == actions.map(\.position).sorted())
        #expect(actions[1].body?["productId"]?.stringValue == product.id)
        #expect(actions[2].entity == EntityKey(.inventory, item.id))
    }

    @Test func addingTheSameProductLocationAndDateTopsUpTheRow() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [
            InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.fridge.id, quantity: 1, expirationDate: "2026-04-01")
        ])
        let added = try fixture.client.inventory.add(
            productID: KitFixture.milk.id, locationID: KitFixture.fridge.id, quantity: 2, expirationDate: "2026-04-01")
        #expect(added.merged && added.item.id == "row" && added.item.quantity == 3)
        #expect(try fixture.store.pendingActions().map(\.kind) == [.adjustQuantity])
    }

    @Test func theFreeLimitRefusesANewRowButNotATopUp() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let rows = (0..<25).map {
            InventoryItem(id: "row-\($0)", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1, expirationDate: "2026-04-\(10 + $0 % 15)")
        }
        try fixture.seed(inventory: Array(rows.prefix(25)))
        #expect(throws: PantryPalError.limitReached(25)) {
            try fixture.client.inventory.add(productID: KitFixture.bread.id, locationID: KitFixture.pantry.id)
        }
        let topUp = try fixture.client.inventory.add(productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, expirationDate: "2026-04-10")
        #expect(topUp.merged)
    }

    @Test func premiumLiftsTheFreeLimit() async throws {
        let fixture = try await KitFixture(premium: true)
        defer { fixture.remove() }
        try fixture.seed(inventory: (0..<25).map { InventoryItem(id: "row-\($0)", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1, expirationDate: "2026-05-\(String(format: "%02d", $0 + 1))") })
        #expect(throws: Never.self) { try fixture.client.inventory.add(productID: KitFixture.bread.id, locationID: KitFixture.pantry.id) }
    }

    @Test func aShoppingListEntryRemovedBeforeItWasSentIsWithdrawn() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.client.grocery.add(name: "Eggs")
        _ = try fixture.client.grocery.remove("  eggs ")
        #expect(try fixture.store.pendingActions().isEmpty)
        #expect(try fixture.store.grocery().isEmpty)
    }

    @Test func removingAKnownShoppingListEntryDeletesItByServerNumber() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(grocery: [GroceryItem(name: "Eggs", serverID: 42)])
        _ = try fixture.client.grocery.remove("Eggs")
        #expect(try fixture.store.pendingActions().map(\.path) == ["grocery/42"])
    }
}
