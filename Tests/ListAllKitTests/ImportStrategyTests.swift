import Foundation
import ListAllKit
import Testing

/// Spec §3.5–3.7: replace and append (T-I10…T-I12), progress events (T-I14) and images on
/// import (T-I23, T-I24, [fixed] invalid data keeps the existing image).
struct ImportStrategyTests {
    let importer = ImportFixtures.importer()

    static let list1 = ImportFixtures.uuid(1)
    static let list2 = ImportFixtures.uuid(2)

    static let twoLists = ImportFixtures.document([
        ImportFixtures.list("List 1", id: list1, order: 5, items: [ImportFixtures.item("Item 1")]),
        ImportFixtures.list("List 2", id: list2, order: 7, items: [ImportFixtures.item("Item 2")]),
    ])

    @Test func replaceDeletesActiveListsAndImportsWithOriginalIds() throws {
        let list3 = ItemList(
            name: "List 3", createdAt: FixtureF.now,
            items: [ListItem(title: "Old", createdAt: FixtureF.now)])
        var archived = ItemList(name: "Kept", createdAt: FixtureF.now, isArchived: true)
        archived.orderNumber = 9
        let outcome = try importer.importFromJSON(
            Self.twoLists, into: ListAllLibrary(lists: [list3, archived]), options: .replace)
        let result = outcome.result
        #expect(result.listsCreated == 2 && result.itemsCreated == 2)
        #expect(result.listsUpdated == 0 && result.itemsUpdated == 0)
        #expect(
            result.conflicts == [
                ConflictDetail(
                    type: .listDeleted, entityName: "List 3", entityId: list3.id, currentValue: "List 3",
                    incomingValue: nil, message: "Deleted list 'List 3'")
            ])
        let active = outcome.library.activeLists
        #expect(active.map(\.name) == ["List 1", "List 2"])
        #expect(active.map(\.id) == [Self.list1, Self.list2])
        #expect(active.map(\.orderNumber) == [0, 1])
        #expect(outcome.library.list(list3.id) == nil)
        #expect(outcome.library.item(list3.items[0].id) == nil)
        #expect(outcome.library.archivedLists.map(\.name) == ["Kept"])
    }

    @Test func appendCreatesCopiesWithNewIds() throws {
        let outcome = try importer.importFromJSON(ImportFixtures.exportF, into: FixtureF.library, options: .append)
        let result = outcome.result
        #expect(result.listsCreated == 2 && result.itemsCreated == 2)
        #expect(result.errors.isEmpty && result.conflicts.isEmpty)
        let groceries = outcome.library.named("Groceries")
        #expect(groceries.count == 2)
        #expect(groceries[0].id != groceries[1].id)
        #expect(outcome.library.lists.dropFirst(2).map(\.orderNumber) == [2, 3])
        let newBread = try #require(groceries[1].items.first { $0.title == "Bread" })
        #expect(newBread.id != FixtureF.breadID)
        let image = try #require(newBread.images.first)
        #expect(image.id != FixtureF.breadImageID && image.imageData == FixtureF.breadImageBytes)
        #expect(image.itemId == newBread.id && newBread.listId == groceries[1].id)
        #expect(outcome.library.lists.prefix(2).map(\.items) == FixtureF.library.lists.map(\.items))
    }

    @Test func replacePreviewListsEveryDeletion() throws {
        let preview = try importer.previewImport(ImportFixtures.exportF, into: FixtureF.library, options: .replace)
        #expect(preview.listsToCreate == 2 && preview.itemsToCreate == 2)
        #expect(preview.listsToUpdate == 0 && preview.itemsToUpdate == 0)
        #expect(preview.conflicts.map(\.type) == [.listDeleted, .itemDeleted, .itemDeleted, .listDeleted])
        #expect(preview.conflicts.map(\.entityName) == ["Groceries", "Milk", "Bread", "Empty"])
        #expect(preview.conflicts[0].message == "List 'Groceries' will be deleted")
        #expect(preview.conflicts[1].message == "Item 'Milk' in list 'Groceries' will be deleted")
        #expect(preview.isValid)

        let outcome = try importer.importFromJSON(ImportFixtures.exportF, into: FixtureF.library, options: .replace)
        #expect(outcome.result.conflicts.map(\.message) == ["Deleted list 'Groceries'", "Deleted list 'Empty'"])
        #expect(outcome.library.lists.map(\.id) == [FixtureF.groceriesID, FixtureF.emptyID])
        #expect(outcome.library.lists.map(\.items) == FixtureF.library.lists.map(\.items))
    }

    struct Event: Equatable {
        var lists: Int
        var items: Int
        var percentage: Int
        var operation: String
    }

    @Test func appendReportsProgressBeforeListsAndAfterItems() throws {
        let json = ImportFixtures.document([
            ImportFixtures.list("List 1", items: [ImportFixtures.item("Item 1.1"), ImportFixtures.item("Item 1.2")]),
            ImportFixtures.list("List 2", items: [ImportFixtures.item("Item 2.1")]),
        ])
        var events: [ImportProgress] = []
        _ = try importer.importFromJSON(json, into: ListAllLibrary(), options: .append) { events.append($0) }
        #expect(events.allSatisfy { $0.totalLists == 2 && $0.totalItems == 3 })
        #expect(
            events.map {
                Event(
                    lists: $0.processedLists, items: $0.processedItems, percentage: $0.percentage,
                    operation: $0.currentOperation)
            }
                == [
                    Event(lists: 0, items: 0, percentage: 0, operation: "Appending list 'List 1'..."),
                    Event(lists: 1, items: 1, percentage: 40, operation: "Appending item 'Item 1.1'..."),
                    Event(lists: 1, items: 2, percentage: 60, operation: "Appending item 'Item 1.2'..."),
                    Event(lists: 1, items: 2, percentage: 60, operation: "Appending list 'List 2'..."),
                    Event(lists: 2, items: 3, percentage: 100, operation: "Appending item 'Item 2.1'..."),
                    Event(lists: 2, items: 3, percentage: 100, operation: "Append complete"),
                ])
    }

    @Test func progressFractionAndPercentage() {
        let progress = ImportProgress(totalLists: 2, processedLists: 1, totalItems: 10, processedItems: 5)
        #expect(progress.percentage == 50)
        #expect(progress.overallProgress == 0.5)
        #expect(ImportProgress(totalLists: 0, processedLists: 0, totalItems: 0, processedItems: 0).percentage == 0)
        #expect(ImportProgress(totalLists: 0, processedLists: 0, totalItems: 100, processedItems: 29).percentage == 29)
    }

    @Test func replaceAndMergeReportTheirOperations() throws {
        var replace: [String] = []
        _ = try importer.importFromJSON(Self.twoLists, into: FixtureF.library, options: .replace) {
            replace.append($0.currentOperation)
        }
        #expect(
            replace == [
                "Deleting existing data...", "Importing list 'List 1'...", "Importing item 'Item 1'...",
                "Importing list 'List 2'...", "Importing item 'Item 2'...", "Import complete",
            ])
        var merge: [String] = []
        _ = try importer.importFromJSON(ImportFixtures.exportF, into: ListAllLibrary(lists: [FixtureF.groceries])) {
            merge.append($0.currentOperation)
        }
        #expect(
            merge == [
                "Merging list 'Groceries'...", "Merging item 'Milk'...", "Merging item 'Bread'...",
                "Merging list 'Empty'...", "Merge complete",
            ])
        var created: [String] = []
        _ = try importer.importFromJSON(Self.twoLists, into: ListAllLibrary()) { created.append($0.currentOperation) }
        #expect(created[1] == "Importing item 'Item 1'...")
    }

    @Test func largeMergeReportsEveryItemAndEndsComplete() throws {
        let items = (0..<5000).map { ImportFixtures.item("Item \($0)", order: $0) }
        let json = ImportFixtures.document([ImportFixtures.list("Big", items: items)])
        var events: [ImportProgress] = []
        let outcome = try importer.importFromJSON(json, into: ListAllLibrary()) { events.append($0) }
        #expect(outcome.result.itemsCreated == 5000)
        #expect(events.count == 5002)
        #expect(events.last?.percentage == 100)
        #expect(events.last?.currentOperation == "Merge complete")
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.percentage <= $1.percentage })
    }

    // MARK: Images

    static let p = ImportFixtures.uuid(10)
    static let q = ImportFixtures.uuid(11)
    static let r = ImportFixtures.uuid(12)

    static func imageDocument(_ images: [String], itemID: UUID = ImportFixtures.uuid(20)) -> String {
        ImportFixtures.document([
            ImportFixtures.list(
                "Pics", id: ImportFixtures.uuid(21), items: [ImportFixtures.item("Photo", id: itemID, images: images)])
        ])
    }

    @Test(arguments: [ImportStrategy.merge, .replace, .append])
    func onlyValidImageDataIsImported(strategy: ImportStrategy) throws {
        let json = Self.imageDocument([
            ImportFixtures.image(Self.p, data: "not base64!"), ImportFixtures.image(Self.q, data: ""),
            ImportFixtures.image(ImportFixtures.uuid(13), data: "/9j/ 2Q=="),
            ImportFixtures.image(ImportFixtures.uuid(14), data: "/9j/2Q"),
            ImportFixtures.image(Self.r, data: "/9j/2Q==", order: 4),
        ])
        let outcome = try importer.importFromJSON(
            json, into: ListAllLibrary(), options: ImportOptions(strategy: strategy))
        let item = try #require(outcome.library.lists.first?.items.first)
        #expect(item.images.count == 1)
        let image = try #require(item.images.first)
        #expect(image.imageData == FixtureF.breadImageBytes && image.orderNumber == 4 && image.itemId == item.id)
        #expect(image.createdAt == FixtureF.date(ImportFixtures.date))
        #expect((image.id == Self.r) == (strategy != .append))
    }

    static let t0 = FixtureF.date("2025-01-01T00:00:00Z")

    static func storeWithImages() -> (ListAllLibrary, a: UUID, b: UUID) {
        let itemID = ImportFixtures.uuid(20)
        let a = ImportFixtures.uuid(30)
        let b = ImportFixtures.uuid(31)
        let item = ListItem(
            id: itemID, title: "Photo", createdAt: t0, listId: ImportFixtures.uuid(21),
            images: [
                ItemImage(id: a, imageData: Data([1, 2]), orderNumber: 0, itemId: itemID, createdAt: t0),
                ItemImage(id: b, imageData: Data([3]), orderNumber: 1, itemId: itemID, createdAt: t0),
            ])
        let list = ItemList(id: ImportFixtures.uuid(21), name: "Pics", createdAt: t0, items: [item])
        return (ListAllLibrary(lists: [list]), a, b)
    }

    @Test func mergedImagesTakeNewDataKeepCreatedAndSortByOrder() throws {
        let (store, a, b) = Self.storeWithImages()
        let c = ImportFixtures.uuid(32)
        let json = Self.imageDocument([
            ImportFixtures.image(a, data: "/9j/2Q==", order: 2), ImportFixtures.image(c, data: "AQ==", order: 0),
        ])
        let outcome = try importer.importFromJSON(json, into: store)
        let images = try #require(outcome.library.lists.first?.items.first?.images)
        #expect(images.map(\.id) == [c, b, a])
        #expect(images.map(\.orderNumber) == [0, 1, 2])
        #expect(images[2].imageData == FixtureF.breadImageBytes && images[2].createdAt == Self.t0)
        #expect(images[0].imageData == Data([1]) && images[0].itemId == ImportFixtures.uuid(20))
    }

    @Test func invalidIncomingDataKeepsTheExistingImage() throws {
        let (store, a, b) = Self.storeWithImages()
        let json = Self.imageDocument([ImportFixtures.image(a, data: "not base64!", order: 2)])
        let outcome = try importer.importFromJSON(json, into: store)
        let images = try #require(outcome.library.lists.first?.items.first?.images)
        #expect(images == store.lists[0].items[0].images)
        #expect(images.map(\.id) == [a, b])
    }
}
