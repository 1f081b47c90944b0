import Foundation
import ListAllKit
import Testing

/// Spec §3.5 merge (T-I05…T-I09), its preview parity (T-I13) and Hearth's matching scope
/// (§10.13: items by id only within the matched list, archived lists never matched).
struct ImportMergeTests {
    let importer = ImportFixtures.importer()

    /// Merges `json` into `library` and checks T-I13: the preview's counts and conflict
    /// types equal the real result's.
    func mergeWithParity(_ json: String, into library: ListAllLibrary) throws -> ImportOutcome {
        let preview = try importer.previewImport(json, into: library)
        let outcome = try importer.importData(Data(json.utf8), into: library)
        let result = outcome.result
        #expect(preview.listsToCreate == result.listsCreated)
        #expect(preview.listsToUpdate == result.listsUpdated)
        #expect(preview.itemsToCreate == result.itemsCreated)
        #expect(preview.itemsToUpdate == result.itemsUpdated)
        #expect(preview.conflicts.map(\.type) == result.conflicts.map(\.type))
        #expect(preview.errors == result.errors)
        return outcome
    }

    static func library(_ lists: ItemList...) -> ListAllLibrary { ListAllLibrary(lists: lists) }

    static func item(_ title: String, _ description: String?, quantity: Int = 1, order: Int = 0) -> ListItem {
        ListItem(
            title: title, itemDescription: description, quantity: quantity, orderNumber: order,
            createdAt: FixtureF.date("2025-01-10T00:00:00Z"))
    }

    static func list(_ name: String, id: UUID = UUID(), items: [ListItem]) -> ItemList {
        var list = ItemList(id: id, name: name, createdAt: FixtureF.date("2025-01-10T00:00:00Z"))
        list.items = items.map {
            var item = $0
            item.listId = id
            return item
        }
        return list
    }

    @Test func mergeUpdatesMatchedItemsAndRecordsQuantityConflict() throws {
        var store = FixtureF.library
        store.lists[0].items[0].itemDescription = "Whole milk"
        store.lists[0].items[0].quantity = 3
        let outcome = try mergeWithParity(ImportFixtures.exportF, into: store)
        let result = outcome.result
        #expect(result.listsUpdated == 2 && result.itemsUpdated == 2)
        #expect(result.listsCreated == 0 && result.itemsCreated == 0)
        #expect(
            result.conflicts == [
                ConflictDetail(
                    type: .itemModified, entityName: "Milk", entityId: FixtureF.milkID, currentValue: "Milk (qty: 3)",
                    incomingValue: "Milk (qty: 2)", message: "Updated item 'Milk' in list 'Groceries'")
            ])
        let groceries = try #require(outcome.library.list(FixtureF.groceriesID))
        #expect(groceries.items == [FixtureF.milk, FixtureF.bread])
        #expect(outcome.library.lists.count == 2)
        let preview = try importer.previewImport(ImportFixtures.exportF, into: store)
        #expect(preview.conflicts.map(\.message) == ["Item 'Milk' will be updated in list 'Groceries'"])
    }

    @Test func mergeOfIdenticalDataLeavesEveryEntityEqual() throws {
        let outcome = try mergeWithParity(ImportFixtures.exportF, into: FixtureF.library)
        #expect(outcome.result.conflicts.isEmpty)
        for (old, new) in zip(FixtureF.library.lists, outcome.library.lists) {
            #expect(old.id == new.id && old.name == new.name && old.orderNumber == new.orderNumber)
            #expect(
                old.createdAt == new.createdAt && old.modifiedAt == new.modifiedAt && old.isArchived == new.isArchived)
            #expect(old.items == new.items)
        }
    }

    @Test func mergeMatchesListByNormalizedName() throws {
        let existingID = ImportFixtures.uuid(1)
        let store = Self.library(Self.list("Groceries", id: existingID, items: []))
        let json = ImportFixtures.document([ImportFixtures.list("  groceries ", id: ImportFixtures.uuid(2))])
        let outcome = try mergeWithParity(json, into: store)
        #expect(outcome.result.listsUpdated == 1 && outcome.result.listsCreated == 0)
        #expect(
            outcome.result.conflicts == [
                ConflictDetail(
                    type: .listModified, entityName: "Groceries", entityId: existingID, currentValue: "Groceries",
                    incomingValue: "  groceries ", message: "Updated list name from 'Groceries' to '  groceries '")
            ])
        #expect(outcome.library.lists.map(\.id) == [existingID])
        #expect(outcome.library.lists.first?.name == "  groceries ")
        let preview = try importer.previewImport(json, into: store)
        #expect(preview.conflicts.map(\.message) == ["List name will change from 'Groceries' to '  groceries '"])
    }

    @Test func mergeMatchesItemByTitleAndEqualDescription() throws {
        let described = Self.item("Milk", "A")
        let plain = Self.item("Milk", nil, order: 1)
        let store = Self.library(Self.list("L", items: [described, plain]))
        let json = ImportFixtures.document([ImportFixtures.list("L", items: [ImportFixtures.item("Milk", order: 1)])])
        let outcome = try mergeWithParity(json, into: store)
        #expect(outcome.result.itemsUpdated == 1 && outcome.result.itemsCreated == 0)
        #expect(outcome.result.conflicts.isEmpty)
        let items = try #require(outcome.library.lists.first?.items)
        #expect(items.count == 2)
        #expect(items.first { $0.id == plain.id }?.modifiedAt == FixtureF.date(ImportFixtures.date))
        #expect(
            items.first { $0.id == described.id }
                == {
                    var item = described
                    item.listId = store.lists[0].id
                    return item
                }())
    }

    @Test func mergeMatchesByUniqueTitleWhenIncomingHasNoDescription() throws {
        let milk = Self.item("Milk", "2%")
        let store = Self.library(Self.list("L", items: [milk]))
        let json = ImportFixtures.document([ImportFixtures.list("L", items: [ImportFixtures.item("Milk")])])
        let outcome = try mergeWithParity(json, into: store)
        #expect(outcome.result.itemsUpdated == 1 && outcome.result.itemsCreated == 0)
        #expect(outcome.result.conflicts.map(\.type) == [.itemModified])
        let stored = try #require(outcome.library.lists.first?.items.first)
        #expect(stored.id == milk.id && stored.itemDescription == nil)
    }

    @Test func ambiguousTitleCreatesANewItem() throws {
        let store = Self.library(Self.list("L", items: [Self.item("Milk", "A"), Self.item("Milk", "B", order: 1)]))
        let json = ImportFixtures.document([ImportFixtures.list("L", items: [ImportFixtures.item("Milk", order: 2)])])
        let outcome = try mergeWithParity(json, into: store)
        #expect(outcome.result.itemsCreated == 1 && outcome.result.itemsUpdated == 0)
        #expect(outcome.library.lists.first?.items.count == 3)
    }

    @Test func archivedListsAreNeverMatchedAndKeepTheirData() throws {
        var archived = FixtureF.groceries
        archived.isArchived = true
        let store = ListAllLibrary(lists: [archived])
        let outcome = try mergeWithParity(ImportFixtures.exportF, into: store)
        #expect(outcome.result.listsCreated == 2 && outcome.result.listsUpdated == 0)
        #expect(outcome.library.lists.first?.items == archived.items)
        #expect(outcome.library.lists.first?.isArchived == true)
        let created = outcome.library.lists.dropFirst()
        #expect(created.map(\.name) == ["Groceries", "Empty"])
        // Ids already used by the archived list are replaced by fresh ones; free ids are kept.
        #expect(created.first?.id != FixtureF.groceriesID)
        #expect(created.last?.id == FixtureF.emptyID)
        let allItemIDs = outcome.library.lists.flatMap { $0.items.map(\.id) }
        #expect(Set(allItemIDs).count == 4)
        #expect(created.map(\.orderNumber) == [0, 1])
    }

    @Test func itemIdFromAnotherListIsNotMatchedOrMoved() throws {
        let other = Self.list("Other", items: [Self.item("Milk", nil)])
        let target = Self.list("Target", items: [])
        let store = Self.library(other, target)
        let movedID = other.items[0].id
        let json = ImportFixtures.document([
            ImportFixtures.list("Target", id: target.id, items: [ImportFixtures.item("Milk", id: movedID)])
        ])
        let outcome = try mergeWithParity(json, into: store)
        #expect(outcome.result.itemsCreated == 1 && outcome.result.itemsUpdated == 0)
        #expect(outcome.library.lists[0].items == other.items)
        let created = try #require(outcome.library.lists[1].items.first)
        #expect(created.id != movedID && created.listId == target.id)
    }

    @Test func itemsCreatedDuringTheImportAreNotMatchedAgain() throws {
        let store = Self.library(Self.list("L", items: []))
        let json = ImportFixtures.document([
            ImportFixtures.list("L", items: [ImportFixtures.item("Tea")]),
            ImportFixtures.list("l", items: [ImportFixtures.item("Tea")]),
        ])
        let outcome = try mergeWithParity(json, into: store)
        #expect(outcome.result.listsUpdated == 2 && outcome.result.itemsCreated == 2)
        #expect(outcome.library.lists.first?.items.count == 2)
    }
}
