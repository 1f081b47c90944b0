import Foundation

/// Finding lists and items for the lifecycle rules.
extension ListAllLibrary {
    func listIndex(_ listID: UUID) throws(ListAllLifecycleError) -> Int {
        guard let index = index(of: listID) else { throw .listNotFound(listID) }
        return index
    }

    /// Where the item sits: its list's index in `lists` and its index in that list's `items`.
    func itemPosition(_ itemID: UUID) throws(ListAllLifecycleError) -> (list: Int, item: Int) {
        for (listIndex, list) in lists.enumerated() {
            if let itemIndex = list.items.firstIndex(where: { $0.id == itemID }) { return (listIndex, itemIndex) }
        }
        throw .itemNotFound(itemID)
    }
}

extension ItemList {
    /// `max(orderNumber) + 1` of this list's items, or 0 when it has none (§1.6 [fixed], §10.4).
    public var nextItemOrderNumber: Int {
        (items.map(\.orderNumber).max()).map { $0 + 1 } ?? 0
    }
}
