import Foundation
import ListAllKit
import Testing

/// Start-up duplicate cleanup of the cloud store (spec §6.1, T-S04).
struct WatchDuplicateCleanupTests {
    typealias ListRecord = DuplicateCleanup.ListRecord<String, String>
    typealias ItemRecord = DuplicateCleanup.ItemRecord<String>

    static let t1 = FixtureF.date("2025-01-15T10:00:00Z")
    static let t2 = FixtureF.date("2025-01-15T11:00:00Z")

    @Test func duplicateListsMergeIntoTheNewestAndDuplicateItemsKeepTheNewest() {
        let listID = UUID()
        let itemID = UUID()
        let records: [ListRecord] = [
            ListRecord(id: listID, modifiedAt: Self.t1, fields: "older", items: [ItemRecord(id: UUID(), modifiedAt: Self.t1, fields: "a")]),
            ListRecord(id: listID, modifiedAt: Self.t2, fields: "newer", items: [ItemRecord(id: UUID(), modifiedAt: Self.t1, fields: "b")]),
        ]
        let lists = DuplicateCleanup.run(records)
        #expect(lists.map(\.fields) == ["newer"])
        #expect(lists.first?.items.map(\.fields) == ["b", "a"])

        let items: [ListRecord] = [
            ListRecord(
                id: UUID(), modifiedAt: Self.t1, fields: "L",
                items: [
                    ItemRecord(id: itemID, modifiedAt: Self.t1, fields: "old"),
                    ItemRecord(id: itemID, modifiedAt: Self.t2, fields: "new"),
                ])
        ]
        #expect(DuplicateCleanup.run(items).first?.items.map(\.fields) == ["new"])
    }

    @Test func tiesKeepTheEarlierRecordAndMissingDatesAreTheDistantPast() {
        let listID = UUID()
        let itemID = UUID()
        let records: [ListRecord] = [
            ListRecord(id: listID, modifiedAt: nil, fields: "undated"),
            ListRecord(id: listID, modifiedAt: Self.t1, fields: "first"),
            ListRecord(id: listID, modifiedAt: Self.t1, fields: "second"),
            ListRecord(
                id: UUID(), modifiedAt: Self.t1, fields: "other",
                items: [
                    ItemRecord(id: itemID, modifiedAt: Self.t1, fields: "x1"),
                    ItemRecord(id: itemID, modifiedAt: Self.t1, fields: "x2"),
                    ItemRecord(id: itemID, modifiedAt: nil, fields: "x0"),
                ]),
        ]
        let cleaned = DuplicateCleanup.run(records)
        #expect(cleaned.map(\.fields) == ["first", "other"])
        #expect(cleaned[1].items.map(\.fields) == ["x1"])
    }

    @Test func recordsWithoutIdsAreLeftAlone() {
        let records: [ListRecord] = [
            ListRecord(id: nil, modifiedAt: Self.t1, fields: "a", items: [ItemRecord(id: nil, modifiedAt: nil, fields: "i")]),
            ListRecord(id: nil, modifiedAt: Self.t2, fields: "b", items: [ItemRecord(id: nil, modifiedAt: nil, fields: "j")]),
        ]
        let cleaned = DuplicateCleanup.run(records)
        #expect(cleaned.map(\.fields) == ["a", "b"])
        #expect(cleaned.map { $0.items.map(\.fields) } == [["i"], ["j"]])
    }

    @Test func itemDuplicatesAcrossListsKeepTheNewestWherever() {
        let itemID = UUID()
        let records: [ListRecord] = [
            ListRecord(id: UUID(), modifiedAt: Self.t1, fields: "A", items: [ItemRecord(id: itemID, modifiedAt: Self.t1, fields: "old")]),
            ListRecord(id: UUID(), modifiedAt: Self.t1, fields: "B", items: [ItemRecord(id: itemID, modifiedAt: Self.t2, fields: "new")]),
        ]
        let cleaned = DuplicateCleanup.run(records)
        #expect(cleaned.map { $0.items.map(\.fields) } == [[], ["new"]])
    }

    @Test func libraryCleanupMovesItemsToTheKeptList() {
        let listID = UUID()
        let older = ItemList(
            id: listID, name: "Old", createdAt: Self.t1, modifiedAt: Self.t1,
            items: [ListItem(title: "a", createdAt: Self.t1, listId: listID)])
        let newer = ItemList(
            id: listID, name: "New", createdAt: Self.t1, modifiedAt: Self.t2,
            items: [ListItem(title: "b", createdAt: Self.t1, listId: listID)])
        let cleaned = DuplicateCleanup.run([older, newer])
        #expect(cleaned.map(\.name) == ["New"])
        #expect(cleaned.first?.items.map(\.title) == ["b", "a"])
    }
}
