import Foundation

/// Everything one person keeps in ListAll, as a value: every list (active and archived, in
/// store order) with its items and their images. The lifecycle rules, the importer and the
/// exporter work on this value; the repositories load it from the local store and save
/// what changed.
public struct ListAllLibrary: Sendable, Hashable {
    public var lists: [ItemList]

    public init(lists: [ItemList] = []) {
        self.lists = lists
    }

    /// Active lists in ascending `orderNumber`.
    public var activeLists: [ItemList] { lists.filter { !$0.isArchived }.stableSorted { $0.orderNumber < $1.orderNumber } }

    /// Archived lists, newest `modifiedAt` first (the archive view, §1.6).
    public var archivedLists: [ItemList] { lists.filter(\.isArchived).stableSorted { $0.modifiedAt > $1.modifiedAt } }

    public func list(_ id: UUID) -> ItemList? { lists.first { $0.id == id } }

    public func index(of listID: UUID) -> Int? { lists.firstIndex { $0.id == listID } }

    /// The list holding the item, and the item.
    public func item(_ id: UUID) -> (list: ItemList, item: ListItem)? {
        for list in lists {
            if let item = list.items.first(where: { $0.id == id }) { return (list, item) }
        }
        return nil
    }

    /// `max(orderNumber of active lists) + 1`, or 0 without active lists (§4.1).
    public var nextListOrderNumber: Int {
        (lists.filter { !$0.isArchived }.map(\.orderNumber).max()).map { $0 + 1 } ?? 0
    }
}
