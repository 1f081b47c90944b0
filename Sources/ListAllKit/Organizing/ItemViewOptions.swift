import Foundation

/// How a list's items are shown (spec §4.3): filter, sort, direction, search text and
/// "show crossed out", with the couplings between the filter and "show crossed out".
public struct ItemViewOptions: Sendable, Hashable {
    public private(set) var filter: ItemFilterOption
    public var sort: ItemSortOption
    public var direction: SortDirection
    public var search: String
    public private(set) var showCrossedOutItems: Bool

    public init(
        filter: ItemFilterOption = .active, sort: ItemSortOption = .orderNumber, direction: SortDirection = .ascending,
        search: String = "", showCrossedOutItems: Bool = false
    ) {
        self.filter = filter
        self.sort = sort
        self.direction = direction
        self.search = search
        self.showCrossedOutItems = showCrossedOutItems
    }

    /// The locale titles are compared and searched in when none is given. Not
    /// `en_US_POSIX`: its collation on Linux ignores case only within one letter, putting
    /// "Banana" before "apple".
    public static let defaultLocale = Locale(identifier: "en_US")

    /// A new user's view: active items only, crossed-out items hidden.
    public static let newUser = ItemViewOptions()

    /// The saved choices, with an empty search.
    public init(preferences: ListAllPreferences) {
        self.init(
            filter: preferences.defaultFilterOption, sort: preferences.defaultSortOption,
            direction: preferences.defaultSortDirection, showCrossedOutItems: preferences.showCrossedOutItems)
    }

    /// `preferences` with these choices; the export choices are kept.
    public func applied(to preferences: ListAllPreferences) -> ListAllPreferences {
        var preferences = preferences
        preferences.defaultFilterOption = filter
        preferences.defaultSortOption = sort
        preferences.defaultSortDirection = direction
        preferences.showCrossedOutItems = showCrossedOutItems
        return preferences
    }

    /// Choosing `completed` or `all` shows crossed-out items, `active` hides them; the other
    /// filters leave that choice alone.
    public mutating func selectFilter(_ filter: ItemFilterOption) {
        self.filter = filter
        switch filter {
        case .completed, .all: showCrossedOutItems = true
        case .active: showCrossedOutItems = false
        case .hasDescription, .hasImages: break
        }
    }

    /// Turning "show crossed out" on selects `all`, turning it off selects `active`.
    public mutating func setShowCrossedOutItems(_ show: Bool) {
        showCrossedOutItems = show
        filter = show ? .all : .active
    }

    public mutating func toggleShowCrossedOutItems() {
        setShowCrossedOutItems(!showCrossedOutItems)
    }

    /// Anything differs from "all items, in order, ascending, no search".
    public var hasActiveFilters: Bool {
        filter != .all || sort != .orderNumber || direction != .ascending || !search.isEmpty
    }

    /// "Clear all": every item in order, crossed-out ones shown, no search.
    public mutating func clearAll() {
        self = ItemViewOptions(filter: .all, sort: .orderNumber, direction: .ascending, search: "", showCrossedOutItems: true)
    }

    /// The items to show, of `items`.
    public func visibleItems(_ items: [ListItem], locale: Locale = Self.defaultLocale) -> [ListItem] {
        ListAllKit.visibleItems(
            items, filter: filter, sort: sort, direction: direction, search: search,
            showCrossedOutItems: showCrossedOutItems, locale: locale)
    }
}
