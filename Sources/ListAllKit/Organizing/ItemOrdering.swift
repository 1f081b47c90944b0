import Foundation

/// Positions of the items in a list (spec §4.2). Every change renumbers the list's items
/// 0…n−1 in the new order and touches each of them; positions count in ascending
/// `orderNumber`. Each function returns whether anything moved.
extension ListAllLibrary {
    /// Takes the item at position `source` and puts it at `destination`; positions out of
    /// range, or equal, change nothing.
    @discardableResult
    public mutating func reorderItems(
        in listID: UUID, from source: Int, to destination: Int, now: Date
    ) throws(ListAllLifecycleError) -> Bool {
        let listIndex = try listIndex(listID)
        var ordered = lists[listIndex].sortedItems
        guard ordered.indices.contains(source), ordered.indices.contains(destination), source != destination else {
            return false
        }
        ordered.insert(ordered.remove(at: source), at: destination)
        lists[listIndex].items = Self.renumbered(ordered, now: now)
        return true
    }

    /// A single-item drag on the shown (filtered, sorted) items, with SwiftUI's insert-before
    /// `offset`. The dragged item and the item at the drop index are found among all the
    /// list's items by id; without an item at the drop index the item goes last.
    @discardableResult
    public mutating func dragItem(
        in listID: UUID, shown: [UUID], from source: Int, toOffset offset: Int, now: Date
    ) throws(ListAllLifecycleError) -> Bool {
        let all = lists[try listIndex(listID)].sortedItems
        guard shown.indices.contains(source), let from = all.firstIndex(where: { $0.id == shown[source] }) else {
            return false
        }
        let dropIndex = Self.dropIndex(from: source, toOffset: offset)
        let target = shown.indices.contains(dropIndex) ? all.firstIndex { $0.id == shown[dropIndex] } : nil
        let to = target ?? all.count - 1
        guard from != to else { return false }
        return try reorderItems(in: listID, from: from, to: to, now: now)
    }

    /// A drag of several selected items onto position `destination` of the shown items (the
    /// last shown item when past the end). The selection keeps its order and lands before
    /// the destination item, counted among the items that stay.
    @discardableResult
    public mutating func dragItems(
        in listID: UUID, selected: Set<UUID>, shown: [UUID], to destination: Int, now: Date
    ) throws(ListAllLifecycleError) -> Bool {
        let listIndex = try listIndex(listID)
        let all = lists[listIndex].sortedItems
        let moving = all.filter { selected.contains($0.id) }
        guard !moving.isEmpty else { return false }
        let destinationID = shown.indices.contains(destination) ? shown[destination] : shown.last
        var insertion = all.count - moving.count
        if let destinationID, let target = all.firstIndex(where: { $0.id == destinationID }) {
            insertion = target - all[..<target].count { selected.contains($0.id) }
        }
        var staying = all.filter { !selected.contains($0.id) }
        staying.insert(contentsOf: moving, at: min(max(insertion, 0), staying.count))
        lists[listIndex].items = Self.renumbered(staying, now: now)
        return true
    }

    /// Keyboard "move up": one position towards the top, only while sorting by order.
    @discardableResult
    public mutating func moveItemUp(_ itemID: UUID, sort: ItemSortOption, now: Date) throws(ListAllLifecycleError) -> Bool {
        try moveItemByKeyboard(itemID, step: -1, sort: sort, now: now)
    }

    /// Keyboard "move down": one position towards the bottom, only while sorting by order.
    @discardableResult
    public mutating func moveItemDown(_ itemID: UUID, sort: ItemSortOption, now: Date) throws(ListAllLifecycleError) -> Bool {
        try moveItemByKeyboard(itemID, step: 1, sort: sort, now: now)
    }

    private mutating func moveItemByKeyboard(
        _ itemID: UUID, step: Int, sort: ItemSortOption, now: Date
    ) throws(ListAllLifecycleError) -> Bool {
        let position = try itemPosition(itemID)
        guard sort == .orderNumber else { return false }
        let list = lists[position.list]
        guard let index = list.sortedItems.firstIndex(where: { $0.id == itemID }) else { return false }
        return try reorderItems(in: list.id, from: index, to: index + step, now: now)
    }

    static func renumbered(_ items: [ListItem], now: Date) -> [ListItem] {
        items.enumerated().map { offset, item in
            var item = item
            item.orderNumber = offset
            item.modifiedAt = now
            return item
        }
    }
}
