import Foundation
import ListAllKit
import Testing

/// Positions of lists and items (spec §4.1, §4.2, §10.17).
struct OrganizingOrderTests {
    let ids = LifecycleIDs()

    /// T-O01: each move is the UI's `move(from, offset)`.
    @Test(arguments: [
        (["A", "B", "C"], [(2, 0)], ["C", "A", "B"]),
        (["First", "Second", "Third", "Fourth"], [(0, 4)], ["Second", "Third", "Fourth", "First"]),
        (["Alpha", "Beta", "Gamma", "Delta"], [(3, 0)], ["Delta", "Alpha", "Beta", "Gamma"]),
        (["1", "2", "3", "4", "5"], [(3, 1)], ["1", "4", "2", "3", "5"]),
        (["D", "A", "B", "C"], [(2, 4)], ["D", "A", "C", "B"]),
        (["D", "A", "B", "C"], [(2, 4), (1, 3)], ["D", "C", "A", "B"]),
    ])
    func listMovesRenumberAndTouchEveryList(names: [String], moves: [(Int, Int)], expected: [String]) throws {
        var library = try ListAllLibrary.withLists(names, ids: ids)
        for (step, (source, offset)) in moves.enumerated() {
            let before = library.activeLists
            let now = LifecycleClock.at(Double(step + 1))
            let moved1 = library.moveList(from: source, toOffset: offset, now: now)
            #expect(moved1)
            #expect(library.activeLists.map(\.orderNumber) == Array(0..<names.count))
            for list in library.activeLists {
                let old = try #require(before.first { $0.id == list.id })
                #expect(list.modifiedAt > old.modifiedAt)
            }
        }
        #expect(library.activeNames == expected)
    }

    @Test func listMoveOntoItselfOrOutOfRangeChangesNothing() throws {
        let original = try ListAllLibrary.withLists(["A", "B", "C"], ids: ids)
        var library = original
        let moved2 = library.moveList(from: 1, toOffset: 1, now: LifecycleClock.at(1))
        #expect(!moved2)
        let moved3 = library.moveList(from: 1, toOffset: 2, now: LifecycleClock.at(1))
        #expect(!moved3)
        let moved4 = library.moveList(from: 3, toOffset: 0, now: LifecycleClock.at(1))
        #expect(!moved4)
        let moved5 = library.reorderLists(from: 0, to: 3, now: LifecycleClock.at(1))
        #expect(!moved5)
        let moved6 = library.reorderLists(from: -1, to: 0, now: LifecycleClock.at(1))
        #expect(!moved6)
        #expect(library.lists.map(\.modifiedAt) == original.lists.map(\.modifiedAt))
        #expect(library.lists.map(\.orderNumber) == original.lists.map(\.orderNumber))
    }

    @Test func reorderListsCountsOnlyActiveLists() throws {
        var library = try ListAllLibrary.withLists(["A", "B", "C", "D"], ids: ids)
        try library.archiveList(try #require(library.activeLists.first { $0.name == "B" }).id, now: LifecycleClock.at(1))
        let moved7 = library.reorderLists(from: 2, to: 0, now: LifecycleClock.at(2))
        #expect(moved7)
        #expect(library.activeNames == ["D", "A", "C"])
        #expect(library.activeLists.map(\.orderNumber) == [0, 1, 2])
        #expect(library.archivedLists.map(\.orderNumber) == [1])
    }

    /// T-O03.
    @Test func invalidItemReordersChangeNothing() throws {
        var library = try itemsLibrary(["1", "2"])
        let before = library
        for (source, destination) in [(-1, 1), (0, 10), (5, 1)] {
            let moved8 = try library.reorderItems(in: listID(library), from: source, to: destination, now: LifecycleClock.at(9))
            #expect(!moved8)
        }
        #expect(library == before)

        var three = try itemsLibrary(["1", "2", "3"])
        let moved9 = try three.reorderItems(in: listID(three), from: 0, to: 2, now: LifecycleClock.at(9))
        #expect(moved9)
        let items = try #require(three.lists.first?.sortedItems)
        #expect(items.map(\.title) == ["2", "3", "1"])
        #expect(items.map(\.orderNumber) == [0, 1, 2])
        #expect(items.allSatisfy { $0.modifiedAt == LifecycleClock.at(9) })
    }

    @Test func singleDragOnTheFilteredViewMapsByID() throws {
        var library = try itemsLibrary(["A", "B", "C", "D"])
        let id = try listID(library)
        let b = try #require(library.lists.first?.items[1].id)
        try library.toggleCrossedOut(b, now: FixtureF.now)
        let shown = library.lists[0].sortedItems.filter { !$0.isCrossedOut }.map(\.id)
        let moved10 = try library.dragItem(in: id, shown: shown, from: 0, toOffset: 3, now: LifecycleClock.at(1))
        #expect(moved10)
        #expect(library.lists[0].sortedItems.map(\.title) == ["B", "C", "D", "A"])
        let moved11 = try library.dragItem(in: id, shown: [library.lists[0].sortedItems[3].id], from: 0, toOffset: 1, now: LifecycleClock.at(2))
        #expect(!moved11)
    }

    @Test func multiSelectionDragInsertsBeforeTheDestinationAmongRemainingItems() throws {
        var library = try itemsLibrary(["A", "B", "C", "D", "E"])
        let id = try listID(library)
        let byTitle = Dictionary(uniqueKeysWithValues: library.lists[0].items.map { ($0.title, $0.id) })
        let shown = library.lists[0].sortedItems.map(\.id)
        let selection: Set<UUID> = [try #require(byTitle["D"]), try #require(byTitle["B"])]

        let moved12 = try library.dragItems(in: id, selected: selection, shown: shown, to: 4, now: LifecycleClock.at(1))
        #expect(moved12)
        #expect(library.lists[0].sortedItems.map(\.title) == ["A", "C", "B", "D", "E"])
        #expect(library.lists[0].sortedItems.map(\.orderNumber) == [0, 1, 2, 3, 4])
        #expect(library.lists[0].items.allSatisfy { $0.modifiedAt == LifecycleClock.at(1) })

        let reshown = library.lists[0].sortedItems.map(\.id)
        let moved13 = try library.dragItems(in: id, selected: selection, shown: reshown, to: 0, now: LifecycleClock.at(2))
        #expect(moved13)
        #expect(library.lists[0].sortedItems.map(\.title) == ["B", "D", "A", "C", "E"])
        let moved14 = try library.dragItems(in: id, selected: selection, shown: [], to: 0, now: LifecycleClock.at(3))
        #expect(moved14)
        #expect(library.lists[0].sortedItems.map(\.title) == ["A", "C", "E", "B", "D"])
        let moved15 = try library.dragItems(in: id, selected: [], shown: reshown, to: 0, now: LifecycleClock.at(4))
        #expect(!moved15)
    }

    @Test func keyboardMovesOnlyWhenSortedByOrderAndNotPastTheEdges() throws {
        var library = try itemsLibrary(["A", "B", "C"])
        let first = try #require(library.lists[0].sortedItems.first?.id)
        let moved16 = try library.moveItemUp(first, sort: .orderNumber, now: LifecycleClock.at(1))
        #expect(!moved16)
        let moved17 = try library.moveItemDown(first, sort: .title, now: LifecycleClock.at(1))
        #expect(!moved17)
        let moved18 = try library.moveItemDown(first, sort: .orderNumber, now: LifecycleClock.at(1))
        #expect(moved18)
        #expect(library.lists[0].sortedItems.map(\.title) == ["B", "A", "C"])
        let last = try #require(library.lists[0].sortedItems.last?.id)
        let moved19 = try library.moveItemDown(last, sort: .orderNumber, now: LifecycleClock.at(2))
        #expect(!moved19)
        let moved20 = try library.moveItemUp(last, sort: .orderNumber, now: LifecycleClock.at(2))
        #expect(moved20)
        #expect(library.lists[0].sortedItems.map(\.title) == ["B", "C", "A"])
    }

    private func itemsLibrary(_ titles: [String]) throws -> ListAllLibrary {
        var library = try ListAllLibrary.withLists(["L"], ids: ids)
        let id = try listID(library)
        for title in titles { try library.createItem(in: id, title: title, now: FixtureF.now, makeID: ids.next) }
        return library
    }

    private func listID(_ library: ListAllLibrary) throws -> UUID {
        try #require(library.lists.first?.id)
    }
}
