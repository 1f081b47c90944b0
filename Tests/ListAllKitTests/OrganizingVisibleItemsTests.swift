import Foundation
import HearthCore
import ListAllKit
import Testing

/// Filter, search and sort of a list's items, and the view choices (spec §4.3).
struct OrganizingVisibleItemsTests {
    static func item(_ order: Int, _ title: String, quantity: Int = 1, crossed: Bool = false, description: String? = nil)
        -> ListItem
    {
        ListItem(
            id: LifecycleIDs.id(order + 1), title: title, itemDescription: description, quantity: quantity, orderNumber: order,
            isCrossedOut: crossed, createdAt: FixtureF.now)
    }

    let tieItems = [item(0, "b", quantity: 2), item(1, "A", quantity: 1), item(2, "a", quantity: 2)]

    func titles(sort: ItemSortOption, _ direction: SortDirection) -> [String] {
        visibleItems(tieItems, filter: .all, sort: sort, direction: direction, search: "", showCrossedOutItems: true)
            .map { "\($0.title)\($0.quantity)" }
    }

    /// T-O04.
    @Test func sortTiesKeepOrderAndDescendingReversesThem() {
        #expect(titles(sort: .title, .ascending) == ["A1", "a2", "b2"])
        #expect(titles(sort: .title, .descending) == ["b2", "a2", "A1"])
        #expect(titles(sort: .quantity, .ascending) == ["A1", "b2", "a2"])
        #expect(titles(sort: .quantity, .descending) == ["a2", "b2", "A1"])
        #expect(titles(sort: .orderNumber, .descending) == ["a2", "A1", "b2"])
    }

    @Test func titleComparisonIgnoresCaseAcrossLetters() {
        let items = [Self.item(0, "banana"), Self.item(1, "Apple"), Self.item(2, "apple"), Self.item(3, "Cherry")]
        let sorted = visibleItems(items, filter: .all, sort: .title, direction: .ascending, search: "", showCrossedOutItems: true)
        #expect(sorted.map(\.title) == ["Apple", "apple", "banana", "Cherry"])
    }

    /// T-O05.
    @Test func filterAllHidesCrossedOutItemsUnlessShown() {
        var options = ItemViewOptions(filter: .all, showCrossedOutItems: false)
        let items = FixtureF.groceries.items
        #expect(options.visibleItems(items).map(\.id) == [FixtureF.milkID])
        options.selectFilter(.completed)
        #expect(options.showCrossedOutItems)
        #expect(options.visibleItems(items).map(\.id) == [FixtureF.breadID])
    }

    @Test func filtersKeepTheirItems() {
        let items = FixtureF.groceries.items + [Self.item(2, "Jam", description: " \n ")]
        func ids(_ filter: ItemFilterOption, show: Bool = false) -> [String] {
            visibleItems(items, filter: filter, sort: .orderNumber, direction: .ascending, search: "", showCrossedOutItems: show)
                .map(\.title)
        }
        #expect(ids(.all, show: true) == ["Milk", "Bread", "Jam"])
        #expect(ids(.active, show: true) == ["Milk", "Jam"])
        #expect(ids(.completed) == ["Bread"])
        #expect(ids(.hasDescription) == ["Milk"])
        #expect(ids(.hasImages) == ["Bread"])
    }

    @Test func searchIgnoresCaseButNotDiacritics() {
        let items = [
            Self.item(0, "Crème fraîche"), Self.item(1, "Milk", description: "2% LOW fat"), Self.item(2, "Creme soda"),
        ]
        func found(_ query: String) -> [String] {
            visibleItems(items, filter: .all, sort: .orderNumber, direction: .ascending, search: query, showCrossedOutItems: true)
                .map(\.title)
        }
        #expect(found("") == ["Crème fraîche", "Milk", "Creme soda"])
        #expect(found("low") == ["Milk"])
        #expect(found("CRÈME") == ["Crème fraîche"])
        #expect(found("creme") == ["Creme soda"])
    }

    @Test func viewOptionCouplings() {
        var options = ItemViewOptions.newUser
        #expect(options.filter == .active && !options.showCrossedOutItems)
        #expect(options.hasActiveFilters)
        options.selectFilter(.all)
        #expect(options.showCrossedOutItems && !options.hasActiveFilters)
        options.selectFilter(.hasImages)
        #expect(options.showCrossedOutItems)
        options.selectFilter(.active)
        #expect(!options.showCrossedOutItems)
        options.setShowCrossedOutItems(true)
        #expect(options.filter == .all)
        options.toggleShowCrossedOutItems()
        #expect(options.filter == .active && !options.showCrossedOutItems)
        options.sort = .title
        options.direction = .descending
        options.search = "milk"
        options.clearAll()
        #expect(options == ItemViewOptions(filter: .all, sort: .orderNumber, direction: .ascending, search: "", showCrossedOutItems: true))
        #expect(!options.hasActiveFilters)
        options.search = "x"
        #expect(options.hasActiveFilters)
    }

    @Test func viewOptionsComeFromAndGoToPreferences() {
        let export: JSONValue = .object(["includeImages": .bool(true)])
        let saved = ListAllPreferences(
            showCrossedOutItems: true, defaultSortOption: .quantity, defaultSortDirection: .descending,
            defaultFilterOption: .hasImages, exportPreferences: export)
        var options = ItemViewOptions(preferences: saved)
        #expect(options == ItemViewOptions(filter: .hasImages, sort: .quantity, direction: .descending, showCrossedOutItems: true))
        options.selectFilter(.active)
        let updated = options.applied(to: saved)
        #expect(updated.defaultFilterOption == .active && !updated.showCrossedOutItems)
        #expect(updated.defaultSortOption == .quantity && updated.exportPreferences == export)
    }
}
