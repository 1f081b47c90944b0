import Foundation
import ListAllKit
import Testing

/// Applying a received full-sync payload (spec §6.2 receiver, §10.6 images kept).
struct WatchSyncReceiverTests {
    static let t0 = FixtureF.date("2025-01-15T10:30:00Z")
    static let now = FixtureF.now

    static func lists(_ names: [String]) -> ListAllLibrary {
        ListAllLibrary(
            lists: names.enumerated().map { index, name in
                ItemList(id: UUID(), name: name, orderNumber: index, createdAt: t0)
            })
    }

    static func apply(_ payload: WatchSyncPayload, to library: ListAllLibrary, side: WatchSyncSide = .phone) -> ListAllLibrary {
        WatchSyncReceiver.apply(payload: payload, to: library, isEditing: false, now: now, side: side)
    }

    @Test func emptyPayloadArchivesNothingAndAbsentListsAreArchived() throws {
        let library = Self.lists(["Shopping", "To-Do", "Packing"])
        #expect(Self.apply(WatchSyncPayload(lists: []), to: library) == library)
        #expect(Self.apply(WatchSyncPayload(lists: []), to: library).lists.map(\.isArchived) == [false, false, false])

        let payload = WatchSyncPayload(lists: library.lists.prefix(2).map(WatchSyncPayload.List.init))
        let applied = Self.apply(payload, to: library)
        #expect(applied.lists.map(\.name) == ["Shopping", "To-Do", "Packing"])
        #expect(applied.lists.map(\.isArchived) == [false, false, true])
        #expect(applied.lists[2].modifiedAt == Self.now)
        #expect(applied.lists[0].modifiedAt == Self.t0)
        #expect(applied.activeLists.map(\.name) == ["Shopping", "To-Do"])
    }

    @Test func itemsApplyOnlyWhenStrictlyNewerAndMissingItemsAreDeleted() throws {
        let listID = UUID()
        let itemID = UUID()
        let goneID = UUID()
        let local = ListAllLibrary(lists: [
            ItemList(
                id: listID, name: "L", createdAt: Self.t0,
                items: [
                    ListItem(id: itemID, title: "Local", orderNumber: 0, createdAt: Self.t0, modifiedAt: Self.t0, listId: listID),
                    ListItem(id: goneID, title: "Gone", orderNumber: 1, createdAt: Self.t0, listId: listID),
                ])
        ])
        func payload(modifiedAt: Date) -> WatchSyncPayload {
            WatchSyncPayload(lists: [
                WatchSyncPayload.List(
                    id: listID, name: "L", createdAt: Self.t0, modifiedAt: Self.t0,
                    items: [
                        WatchSyncPayload.Item(
                            id: itemID, title: "Remote", quantity: 3, createdAt: Self.t0, modifiedAt: modifiedAt,
                            listId: listID)
                    ])
            ])
        }

        let same = Self.apply(payload(modifiedAt: Self.t0), to: local)
        #expect(same.lists[0].items.map(\.title) == ["Local"])
        #expect(same.lists[0].items[0].quantity == 1)

        let newer = Self.apply(payload(modifiedAt: Self.t0.addingTimeInterval(1)), to: local)
        #expect(newer.lists[0].items.map(\.title) == ["Remote"])
        #expect(newer.lists[0].items[0].quantity == 3)
        #expect(newer.lists[0].items[0].modifiedAt == Self.t0.addingTimeInterval(1))
        #expect(!newer.lists[0].items.contains { $0.id == goneID })
    }

    @Test func applyingAnUpdateKeepsLocalImages() throws {
        var library = FixtureF.library
        var payload = WatchSyncPayload(library: library)
        let later = FixtureF.date("2025-01-15T11:00:00Z")
        payload.lists[0].items[1].title = "Sourdough"
        payload.lists[0].items[1].modifiedAt = later
        library = Self.apply(payload, to: library)

        let bread = try #require(library.item(FixtureF.breadID)?.item)
        #expect(bread.title == "Sourdough")
        #expect(bread.images.map(\.id) == [FixtureF.breadImageID])
        #expect(bread.images.first?.imageData == FixtureF.breadImageBytes)
        #expect(bread.createdAt == FixtureF.date("2025-01-15T10:33:00Z"))
    }

    @Test func anEchoOfUnchangedDataChangesNothing() throws {
        let payload = try WatchSyncPayload(decoding: WatchSyncPayload(library: FixtureF.library).encoded())
        let applied = Self.apply(payload, to: FixtureF.library)
        #expect(applied == FixtureF.library)
        #expect(applied.lists.map(\.items) == FixtureF.library.lists.map(\.items))
    }

    @Test func payloadIsDroppedWhileEditing() {
        let library = Self.lists(["Shopping", "Packing"])
        let applied = WatchSyncReceiver.apply(
            payload: WatchSyncPayload(lists: [library.lists[0]].map(WatchSyncPayload.List.init)), to: library,
            isEditing: true, now: Self.now)
        #expect(applied.lists.map(\.isArchived) == [false, false])
    }

    @Test func listMetadataNeedsStrictlyNewerExceptOrderOnTheWatch() throws {
        let library = Self.lists(["Shopping", "Packing"])
        var received = WatchSyncPayload.List(library.lists[0])
        received.name = "Groceries"
        received.orderNumber = 7

        let phone = Self.apply(WatchSyncPayload(lists: [received, .init(library.lists[1])]), to: library)
        #expect(phone.lists[0].name == "Shopping")
        #expect(phone.lists[0].orderNumber == 0)

        let watch = Self.apply(WatchSyncPayload(lists: [received, .init(library.lists[1])]), to: library, side: .watch)
        #expect(watch.lists[0].name == "Groceries")
        #expect(watch.lists[0].orderNumber == 7)

        received.modifiedAt = Self.t0.addingTimeInterval(1)
        let newer = Self.apply(WatchSyncPayload(lists: [received, .init(library.lists[1])]), to: library)
        #expect(newer.lists[0].name == "Groceries")
        #expect(newer.lists[0].orderNumber == 7)
        #expect(newer.lists[0].modifiedAt == Self.t0.addingTimeInterval(1))
    }

    @Test func unknownListsAreInsertedAtTheEndWithTheirItems() throws {
        let library = Self.lists(["Shopping", "Packing"])
        let newID = UUID()
        let received = WatchSyncPayload.List(
            id: newID, name: "New", orderNumber: 0, createdAt: Self.t0, modifiedAt: Self.t0,
            items: [
                WatchSyncPayload.Item(id: UUID(), title: "Second", orderNumber: 1, createdAt: Self.t0, modifiedAt: Self.t0),
                WatchSyncPayload.Item(
                    id: UUID(), title: "First", orderNumber: 0, createdAt: Self.t0, modifiedAt: Self.t0, imageCount: 2),
            ])
        let payload = WatchSyncPayload(lists: library.lists.map(WatchSyncPayload.List.init) + [received])
        let applied = Self.apply(payload, to: library)
        let inserted = try #require(applied.list(newID))
        #expect(applied.lists.last?.id == newID)
        #expect(inserted.orderNumber == 2)
        #expect(inserted.items.map(\.title) == ["First", "Second"])
        #expect(inserted.items.allSatisfy { $0.listId == newID && $0.images.isEmpty })
    }

    @Test(arguments: [false, true])
    func anItemKnownElsewhereMovesInsteadOfDuplicating(emptyListFirst: Bool) throws {
        let library = FixtureF.library
        var payload = WatchSyncPayload(library: library)
        // Bread now lives in "Empty" on the other device.
        let bread = payload.lists[0].items.remove(at: 1)
        payload.lists[1].items = [bread]
        if emptyListFirst { payload.lists.reverse() }
        let applied = Self.apply(payload, to: library)

        #expect(applied.list(FixtureF.groceriesID)?.items.map(\.id) == [FixtureF.milkID])
        let moved = try #require(applied.list(FixtureF.emptyID)?.items.first)
        #expect(moved.id == FixtureF.breadID)
        #expect(moved.listId == FixtureF.emptyID)
        #expect(moved.images.map(\.id) == [FixtureF.breadImageID])
        #expect(applied.lists.flatMap(\.items).count == 2)
    }
}
