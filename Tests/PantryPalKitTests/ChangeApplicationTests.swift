import HearthCore
import Testing
@testable import PantryPalKit

@Suite("Applying the server's changes")
struct ChangeApplicationTests {
    func change(_ seq: Int64, _ type: String, _ id: String, _ action: ChangeRow.Action, _ snapshot: JSONValue) -> ChangeRow {
        ChangeRow(seq: seq, entityType: type, entityID: id, action: action, snapshot: snapshot)
    }

    @Test func changeRowsCarryTheirSnapshotAsAJSONString() throws {
        let row: JSONValue = [
            "seq": 4, "entity_type": "inventory", "entity_id": "row", "action": "update",
            "payload": "{\"productId\":\"p\",\"quantity\":3,\"expirationDate\":null,\"notes\":null,\"locationId\":\"l\",\"unit\":\"pcs\"}",
            "client_timestamp": "2026-03-10 12:00:00",
        ]
        let change = try #require(ChangeRow(row))
        #expect(change.seq == 4 && change.action == .update)
        #expect(change.snapshot["quantity"] == 3)
    }

    @Test func aPulledChangeUpdatesCreatesAndDeletesRows() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "old", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1)])
        try fixture.store.apply(
            [
                change(1, "inventory", "new", .create, ["productId": "prod-bread", "quantity": 2, "locationId": "loc-fridge", "expirationDate": "2026-04-01", "unit": "pcs"]),
                change(2, "inventory", "old", .delete, ["productId": "prod-milk", "quantity": 1]),
                change(3, "location", "loc-cellar", .create, ["name": "Cellar", "parentId": nil, "level": 0, "sortOrder": 7]),
                change(4, "product", "prod-jam", .create, ["upc": "777", "name": "Jam", "is_custom": true, "household_id": "h-1"]),
            ], cursor: 4)
        #expect(try fixture.store.inventory().map(\.id) == ["new"])
        #expect(try fixture.store.inventoryItem(id: "new")?.expirationDate == "2026-04-01")
        #expect(try fixture.store.locations().contains { $0.name == "Cellar" })
        #expect(try fixture.store.product(id: "prod-jam")?.isCustom == true)
        #expect(try fixture.store.cursor() == 4)
    }

    @Test func aPulledChangeNeverOverwritesARowWithAQueuedAction() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [InventoryItem(id: "row", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 5)])
        try fixture.client.inventory.adjust(itemID: "row", by: -2)
        try fixture.store.apply([change(7, "inventory", "row", .update, ["productId": "prod-milk", "quantity": 9, "locationId": "loc-pantry"])], cursor: 7)
        #expect(try fixture.store.inventoryItem(id: "row")?.quantity == 3)
        try fixture.store.apply([change(8, "inventory", "row", .delete, [:])], cursor: 8)
        #expect(try fixture.store.inventoryItem(id: "row")?.quantity == 3)
        #expect(try fixture.store.cursor() == 8)
    }

    @Test func aPulledChangeNeverOverwritesAShoppingListEntryWithAQueuedAction() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(grocery: [GroceryItem(name: "Eggs", serverID: 3)])
        _ = try fixture.client.grocery.remove("eggs")
        try fixture.store.apply([change(2, "grocery", "3", .update, ["name": "Eggs", "normalizedName": "eggs"])], cursor: 2)
        #expect(try fixture.store.grocery().isEmpty)
        try fixture.store.apply([change(3, "grocery", "4", .create, ["name": "Bread", "normalizedName": "bread"])], cursor: 3)
        #expect(try fixture.store.grocery().map(\.serverID) == [4])
    }

    @Test func changesOfOtherTypesAreIgnored() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        let applied = try fixture.store.apply(
            [
                change(1, "checkout", "c-1", .create, ["productId": "prod-milk", "inventoryId": "row", "quantity": 1]),
                change(2, "household", "h-1", .update, ["name": "Renamed", "event": "rename"]),
                change(3, "reset", "reset", .update, [:]),
            ], cursor: 3)
        #expect(applied == 0)
        #expect(try fixture.store.cursor() == 3)
    }

    @Test func aFullSnapshotReplacesServerStateButKeepsUnsentLocalEdits() async throws {
        let fixture = try await KitFixture()
        defer { fixture.remove() }
        try fixture.seed(inventory: [
            InventoryItem(id: "gone", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 1),
            InventoryItem(id: "edited", productID: KitFixture.milk.id, locationID: KitFixture.fridge.id, quantity: 4),
        ])
        let mine = try fixture.client.inventory.add(productID: KitFixture.bread.id, locationID: KitFixture.pantry.id).item
        try fixture.client.inventory.adjust(itemID: "edited", by: 1)
        try fixture.client.grocery.add(name: "Eggs")
        try fixture.store.apply(
            FullSnapshot(
                products: [KitFixture.milk, KitFixture.bread],
                inventory: [
                    InventoryItem(id: "edited", productID: KitFixture.milk.id, locationID: KitFixture.fridge.id, quantity: 1),
                    InventoryItem(id: "theirs", productID: KitFixture.milk.id, locationID: KitFixture.pantry.id, quantity: 6),
                ],
                locations: [KitFixture.pantry], grocery: [GroceryItem(name: "Butter", serverID: 1)], cursor: 40))
        let rows = Dictionary(uniqueKeysWithValues: try fixture.store.inventory().map { ($0.id, $0.quantity) })
        #expect(rows == [mine.id: 1, "edited": 5, "theirs": 6])
        #expect(try fixture.store.locations().map(\.id) == [KitFixture.pantry.id])
        #expect(Set(try fixture.store.grocery().map(\.name)) == ["Eggs", "Butter"])
        #expect(try fixture.store.cursor() == 40)
        #expect(try fixture.store.pendingCount() == 3)
    }
}
