import Foundation

/// The items a list shows (spec §4.3): `sort(search(filter(items)))` over the items in
/// ascending `orderNumber`. The sort is stable and has no secondary key; descending
/// reverses the whole ascending result, so ties appear in reverse order.
public func visibleItems(
    _ items: [ListItem], filter: ItemFilterOption, sort: ItemSortOption, direction: SortDirection, search: String,
    showCrossedOutItems: Bool, locale: Locale = ItemViewOptions.defaultLocale
) -> [ListItem] {
    let inOrder = items.stableSorted { $0.orderNumber < $1.orderNumber }
    let filtered = inOrder.filter { $0.isKept(by: filter, showCrossedOutItems: showCrossedOutItems) }
    let query = ListAllText.trimWSNL(search)
    let found = query.isEmpty ? filtered : filtered.filter { $0.matches(query, locale: locale) }
    let ascending = found.stableSorted { $0.precedes($1, by: sort, locale: locale) }
    return direction == .ascending ? ascending : ascending.reversed()
}

extension ListItem {
    func isKept(by filter: ItemFilterOption, showCrossedOutItems: Bool) -> Bool {
        switch filter {
        case .all: showCrossedOutItems || !isCrossedOut
        case .active: !isCrossedOut
        case .completed: isCrossedOut
        case .hasDescription: hasDescription
        case .hasImages: hasImages
        }
    }

    /// The title or description contains `query`, ignoring case but not diacritics.
    func matches(_ query: String, locale: Locale) -> Bool {
        [title, itemDescription ?? ""].contains { text in
            text.range(of: query, options: [.caseInsensitive], range: nil, locale: locale) != nil
        }
    }

    func precedes(_ other: ListItem, by sort: ItemSortOption, locale: Locale) -> Bool {
        switch sort {
        case .orderNumber: orderNumber < other.orderNumber
        case .title: title.compare(other.title, options: [.caseInsensitive], range: nil, locale: locale) == .orderedAscending
        case .createdAt: createdAt < other.createdAt
        case .modifiedAt: modifiedAt < other.modifiedAt
        case .quantity: quantity < other.quantity
        }
    }
}
