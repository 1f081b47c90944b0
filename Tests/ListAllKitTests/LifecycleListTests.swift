import Foundation
import ListAllKit
import Testing

/// Lists are created at the end, archived, restored and deleted for good (spec §1.6, §4.1).
struct LifecycleListTests {
    let ids = LifecycleIDs()

    @Test func createListTrimsValidatesAndGoesAfterActiveLists() throws {
        var library = FixtureF.library
        let list = try library.createList(named: "  Hardware \n", now: FixtureF.now, makeID: ids.next)
        #expect(list.name == "Hardware")
        #expect(list.orderNumber == 2)
        #expect(list.createdAt == FixtureF.now && list.modifiedAt == FixtureF.now)
        #expect(!list.isArchived && list.items.isEmpty)
        #expect(library.lists.last == list)
        #expect(throws: ListAllLifecycleError.invalid(.listNameEmpty)) {
            try library.createList(named: "  ", now: FixtureF.now, makeID: ids.next)
        }
        #expect(library.lists.count == 3)
        #expect(ListAllLifecycleError.invalid(.listNameEmpty).message == "Please enter a list name")
    }

    /// T-O02.
    @Test func insertNumberingUsesMaxOfActiveListsPlusOne() throws {
        let five = try ListAllLibrary.withLists(["1", "2", "3", "4", "5"], ids: ids)
        #expect(five.activeLists.map(\.orderNumber) == [0, 1, 2, 3, 4])

        var library = try ListAllLibrary.withLists(["A", "B", "C"], ids: ids)
        let b = try #require(library.activeLists.first { $0.name == "B" })
        try library.archiveList(b.id, now: LifecycleClock.at(1))
        let d = try library.createList(named: "D", now: LifecycleClock.at(2), makeID: ids.next)
        #expect(d.orderNumber == 3)

        var reordered = try ListAllLibrary.withLists(["A", "B", "C"], ids: ids)
        reordered.reorderLists(from: 2, to: 0, now: LifecycleClock.at(1))
        #expect(reordered.activeNames == ["C", "A", "B"])
        #expect(try reordered.createList(named: "D", now: LifecycleClock.at(2), makeID: ids.next).orderNumber == 3)
    }

    @Test func renameTrimsValidatesAndTouches() throws {
        var library = FixtureF.library
        let renamed = try library.renameList(FixtureF.emptyID, to: " Later ", now: FixtureF.now)
        #expect(renamed.name == "Later" && renamed.modifiedAt == FixtureF.now)
        #expect(throws: ListAllLifecycleError.invalid(.listNameTooLong)) {
            try library.renameList(FixtureF.emptyID, to: String(repeating: "n", count: 101), now: FixtureF.now)
        }
        #expect(library.list(FixtureF.emptyID)?.name == "Later")
        #expect(throws: ListAllLifecycleError.listNotFound(FixtureF.milkID)) {
            try library.renameList(FixtureF.milkID, to: "x", now: FixtureF.now)
        }
    }

    @Test func deleteListArchivesAndTouches() throws {
        var library = FixtureF.library
        let archived = try library.archiveList(FixtureF.groceriesID, now: FixtureF.now)
        #expect(archived.isArchived && archived.modifiedAt == FixtureF.now)
        #expect(archived.items == FixtureF.groceries.items)
        #expect(library.activeLists.map(\.id) == [FixtureF.emptyID])
        #expect(library.archivedLists.map(\.id) == [FixtureF.groceriesID])
    }

    @Test func restoreKeepsTheOldOrderNumber() throws {
        var library = FixtureF.library
        try library.archiveList(FixtureF.groceriesID, now: LifecycleClock.at(1))
        let added = try library.createList(named: "New", now: LifecycleClock.at(2), makeID: ids.next)
        #expect(added.orderNumber == 2)
        let restored = try library.restoreList(FixtureF.groceriesID, now: LifecycleClock.at(3))
        #expect(!restored.isArchived)
        #expect(restored.orderNumber == 0)
        #expect(restored.modifiedAt == LifecycleClock.at(3))
        #expect(library.activeNames == ["Groceries", "Empty", "New"])
    }

    @Test func permanentDeleteOnlyFromTheArchive() throws {
        var library = FixtureF.library
        #expect(throws: ListAllLifecycleError.listNotArchived(FixtureF.groceriesID)) {
            try library.deleteListPermanently(FixtureF.groceriesID)
        }
        #expect(library == FixtureF.library)
        try library.archiveList(FixtureF.groceriesID, now: FixtureF.now)
        let removed = try library.deleteListPermanently(FixtureF.groceriesID)
        #expect(removed.items.count == 2)
        #expect(library.lists.map(\.id) == [FixtureF.emptyID])
        #expect(library.item(FixtureF.breadID) == nil)
    }

    @Test func duplicateListNamesCopyThenCopy2AmongActiveLists() throws {
        var library = FixtureF.library
        let first = try library.duplicateList(FixtureF.groceriesID, now: FixtureF.now, makeID: ids.next)
        #expect(first.name == "Groceries Copy")
        let second = try library.duplicateList(FixtureF.groceriesID, now: FixtureF.now, makeID: ids.next)
        #expect(second.name == "Groceries Copy 2")
        #expect(second.orderNumber == 3)
        try library.archiveList(first.id, now: FixtureF.now)
        let third = try library.duplicateList(FixtureF.groceriesID, now: FixtureF.now, makeID: ids.next)
        #expect(third.name == "Groceries Copy")
    }

    @Test func duplicateListCopiesItemsWithNewIdsAndFreshDates() throws {
        var library = FixtureF.library
        let copy = try library.duplicateList(FixtureF.groceriesID, now: FixtureF.now, makeID: ids.next)
        #expect(copy.id == LifecycleIDs.id(1))
        #expect(copy.createdAt == FixtureF.now && copy.modifiedAt == FixtureF.now)
        #expect(copy.items.map(\.title) == ["Milk", "Bread"])
        #expect(copy.items.map(\.orderNumber) == [0, 1])
        #expect(copy.items.map(\.isCrossedOut) == [false, true])
        #expect(copy.items.map(\.itemDescription) == ["2% low fat", nil])
        #expect(copy.items.allSatisfy { $0.listId == copy.id && $0.createdAt == FixtureF.now && $0.modifiedAt == FixtureF.now })
        #expect(Set(copy.items.map(\.id)).isDisjoint(with: [FixtureF.milkID, FixtureF.breadID]))
        let image = try #require(copy.items.last?.images.first)
        #expect(image.id != FixtureF.breadImageID && image.imageData == FixtureF.breadImageBytes)
        #expect(image.itemId == copy.items.last?.id && image.createdAt == FixtureF.now)
        #expect(library.list(FixtureF.groceriesID)?.items == FixtureF.groceries.items)
    }

    @Test func duplicateListNameStaysWithin100Characters() throws {
        let long = String(repeating: "🧺", count: 100)
        var library = try ListAllLibrary.withLists([long], ids: ids)
        let listID = try #require(library.lists.first?.id)
        let first = try library.duplicateList(listID, now: FixtureF.now, makeID: ids.next)
        #expect(first.name == String(repeating: "🧺", count: 95) + " Copy")
        let second = try library.duplicateList(listID, now: FixtureF.now, makeID: ids.next)
        #expect(second.name == String(repeating: "🧺", count: 93) + " Copy 2")
        #expect(second.name.count == 100)
    }
}
