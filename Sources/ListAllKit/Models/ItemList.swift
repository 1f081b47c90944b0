import Foundation

/// A list of items (spec §1.1). Equality and hashing use the id only, as in the original.
///
/// `items` is not stored with the list: it is filled from the items that name the list,
/// in ascending `orderNumber`.
public struct ItemList: Sendable, Identifiable {
    public var id: UUID
    public var name: String
    /// Position among the lists, reassigned by the store on insert (§4.1).
    public var orderNumber: Int
    public var createdAt: Date
    public var modifiedAt: Date
    public var isArchived: Bool
    public var items: [ListItem]

    public init(
        id: UUID = UUID(), name: String, orderNumber: Int = 0, createdAt: Date, modifiedAt: Date? = nil,
        isArchived: Bool = false, items: [ListItem] = []
    ) {
        self.id = id
        self.name = name
        self.orderNumber = orderNumber
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
        self.isArchived = isArchived
        self.items = items
    }

    /// Items in ascending `orderNumber`, ties in stored order.
    public var sortedItems: [ListItem] { items.stableSorted { $0.orderNumber < $1.orderNumber } }
    public var itemCount: Int { items.count }
    public var crossedOutItemCount: Int { items.count(where: \.isCrossedOut) }
    public var activeItemCount: Int { itemCount - crossedOutItemCount }

    /// The name is not blank.
    public func validate() -> Bool { !ListAllText.isBlank(name) }

    /// Appends `item` at the end (its `orderNumber` becomes the current count) and touches the list.
    public mutating func addItem(_ item: ListItem, now: Date) {
        var item = item
        item.listId = id
        item.orderNumber = items.count
        items.append(item)
        modifiedAt = now
    }

    /// Removes every item with that id and touches the list.
    public mutating func removeItem(_ itemID: UUID, now: Date) {
        items.removeAll { $0.id == itemID }
        modifiedAt = now
    }

    /// Replaces the item with the same id and touches the list; nothing happens if there is none.
    public mutating func updateItem(_ item: ListItem, now: Date) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index] = item
        modifiedAt = now
    }
}

extension ItemList: Hashable {
    public static func == (lhs: ItemList, rhs: ItemList) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Array {
    /// A sort that keeps the stored order of elements `areInIncreasingOrder` calls equal.
    public func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        enumerated().sorted { lhs, rhs in
            if areInIncreasingOrder(lhs.element, rhs.element) { return true }
            if areInIncreasingOrder(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
