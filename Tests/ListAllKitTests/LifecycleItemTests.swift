import Foundation
import ListAllKit
import Testing

/// Items are created at the end unless an equal one exists, edited, crossed out, copied,
/// moved and deleted (spec §1.6, §10.4).
struct LifecycleItemTests {
    let ids = LifecycleIDs()

    @Test func newItemGoesToTheEndOfItsList() throws {
        var library = FixtureF.library
        let eggs = try library.createItem(
            in: FixtureF.groceriesID, title: " Eggs ", description: "  ", quantity: 12, now: FixtureF.now, makeID: ids.next)
        #expect(!eggs.isExisting)
        #expect(
            eggs.item
                == ListItem(
                    id: LifecycleIDs.id(1), title: "Eggs", itemDescription: nil, quantity: 12, orderNumber: 2,
                    createdAt: FixtureF.now, modifiedAt: FixtureF.now, listId: FixtureF.groceriesID))
        let first = try library.createItem(in: FixtureF.emptyID, title: "First", now: FixtureF.now, makeID: ids.next)
        #expect(first.item.orderNumber == 0)
        #expect(library.list(FixtureF.groceriesID)?.modifiedAt == FixtureF.groceries.modifiedAt)
    }

    @Test func newItemOrderNumberIsMaxPlusOneNotCount() throws {
        var library = FixtureF.library
        try library.deleteItem(FixtureF.milkID)
        let item = try library.createItem(in: FixtureF.groceriesID, title: "Jam", now: FixtureF.now, makeID: ids.next)
        #expect(item.item.orderNumber == 2)
    }

    @Test func createItemReturnsTheEqualItemAndUncrossesIt() throws {
        var library = FixtureF.library
        let again = try library.createItem(
            in: FixtureF.groceriesID, title: "Bread", description: " ", quantity: 1, now: FixtureF.now, makeID: ids.next)
        #expect(again.isExisting)
        #expect(again.item.id == FixtureF.breadID)
        #expect(!again.item.isCrossedOut && again.item.modifiedAt == FixtureF.now)
        #expect(library.item(FixtureF.breadID)?.item == again.item)
        #expect(ids.count == 0)

        let milk = try library.createItem(
            in: FixtureF.groceriesID, title: "Milk", description: "2% low fat\n", quantity: 2, now: FixtureF.now,
            makeID: ids.next)
        #expect(milk.isExisting && milk.item == FixtureF.milk)

        let otherQuantity = try library.createItem(
            in: FixtureF.groceriesID, title: "Milk", description: "2% low fat", quantity: 3, now: FixtureF.now,
            makeID: ids.next)
        let otherCase = try library.createItem(
            in: FixtureF.groceriesID, title: "milk", description: "2% low fat", quantity: 2, now: FixtureF.now,
            makeID: ids.next)
        #expect(!otherQuantity.isExisting && !otherCase.isExisting)
        #expect(library.list(FixtureF.groceriesID)?.items.count == 4)
    }

    @Test func createItemValidates() {
        var library = FixtureF.library
        #expect(throws: ListAllLifecycleError.invalid(.itemTitleEmpty)) {
            try library.createItem(in: FixtureF.groceriesID, title: " ", now: FixtureF.now, makeID: ids.next)
        }
        #expect(throws: ListAllLifecycleError.invalid(.itemQuantityTooLarge)) {
            try library.createItem(in: FixtureF.groceriesID, title: "x", quantity: 10_000, now: FixtureF.now, makeID: ids.next)
        }
        #expect(throws: ListAllLifecycleError.listNotFound(FixtureF.milkID)) {
            try library.createItem(in: FixtureF.milkID, title: "x", now: FixtureF.now, makeID: ids.next)
        }
        #expect(library == FixtureF.library)
    }

    @Test func updateItemValidatesStoresTrimmedAndTouches() throws {
        var library = FixtureF.library
        let updated = try library.updateItem(
            FixtureF.milkID, title: " Oat milk ", description: " \n", quantity: 3, now: FixtureF.now)
        #expect(updated.title == "Oat milk" && updated.itemDescription == nil && updated.quantity == 3)
        #expect(updated.modifiedAt == FixtureF.now && updated.createdAt == FixtureF.milk.createdAt)
        #expect(throws: ListAllLifecycleError.invalid(.itemQuantityTooSmall)) {
            try library.updateItem(FixtureF.milkID, title: "Milk", description: nil, quantity: 0, now: FixtureF.now)
        }
        #expect(library.item(FixtureF.milkID)?.item == updated)
    }

    @Test func toggleCrossedOutFlipsAndTouches() throws {
        var library = FixtureF.library
        let crossed = try library.toggleCrossedOut(FixtureF.milkID, now: FixtureF.now)
        #expect(crossed.isCrossedOut && crossed.modifiedAt == FixtureF.now)
        let back = try library.toggleCrossedOut(FixtureF.milkID, now: LifecycleClock.at(1))
        #expect(!back.isCrossedOut && back.modifiedAt == LifecycleClock.at(1))
    }

    @Test func deleteItemRemovesItAndReturnsItForUndo() throws {
        var library = FixtureF.library
        let removed = try library.deleteItem(FixtureF.breadID)
        #expect(removed == FixtureF.bread)
        #expect(library.list(FixtureF.groceriesID)?.items == [FixtureF.milk])
        #expect(throws: ListAllLifecycleError.itemNotFound(FixtureF.breadID)) { try library.deleteItem(FixtureF.breadID) }
    }

    @Test func duplicateItemCreatesCopyTitleThroughTheCreateRule() throws {
        var library = FixtureF.library
        let copy = try library.duplicateItem(FixtureF.milkID, now: FixtureF.now, makeID: ids.next)
        #expect(!copy.isExisting)
        #expect(copy.item.title == "Milk (Copy)" && copy.item.itemDescription == "2% low fat" && copy.item.quantity == 2)
        #expect(copy.item.orderNumber == 2 && copy.item.listId == FixtureF.groceriesID)
        let again = try library.duplicateItem(FixtureF.milkID, now: FixtureF.now, makeID: ids.next)
        #expect(again.isExisting && again.item.id == copy.item.id)
    }

    @Test func moveKeepsIdentityAndGoesToTheEndOfTheDestination() throws {
        var library = FixtureF.library
        try library.createItem(in: FixtureF.emptyID, title: "Tent", now: FixtureF.now, makeID: ids.next)
        let moved = try library.moveItem(FixtureF.breadID, to: FixtureF.emptyID, now: LifecycleClock.at(5))
        var expected = FixtureF.bread
        expected.listId = FixtureF.emptyID
        expected.orderNumber = 1
        expected.modifiedAt = LifecycleClock.at(5)
        #expect(moved == expected)
        #expect(library.list(FixtureF.groceriesID)?.items == [FixtureF.milk])
        #expect(library.list(FixtureF.emptyID)?.items.map(\.title) == ["Tent", "Bread"])
    }

    @Test func copyGetsNewIdsFreshDatesAndKeepsCrossedState() throws {
        var library = FixtureF.library
        let copy = try library.copyItem(FixtureF.breadID, to: FixtureF.emptyID, now: LifecycleClock.at(5), makeID: ids.next)
        #expect(copy.id == LifecycleIDs.id(1) && copy.listId == FixtureF.emptyID)
        #expect(copy.title == "Bread" && copy.isCrossedOut && copy.orderNumber == 0)
        #expect(copy.createdAt == LifecycleClock.at(5) && copy.modifiedAt == LifecycleClock.at(5))
        #expect(
            copy.images == [
                ItemImage(
                    id: LifecycleIDs.id(2), imageData: FixtureF.breadImageBytes, orderNumber: 0, itemId: copy.id,
                    createdAt: LifecycleClock.at(5))
            ])
        #expect(library.list(FixtureF.groceriesID)?.items == FixtureF.groceries.items)

        let suggestion = try library.copyItem(
            FixtureF.breadID, to: FixtureF.emptyID, uncrossed: true, now: FixtureF.now, makeID: ids.next)
        #expect(!suggestion.isCrossedOut && suggestion.orderNumber == 1)
    }
}
