import Foundation

/// The start-up duplicate cleanup of the cloud store (spec §6.1). The store has no uniqueness
/// constraints, so several records may carry one id; records may also lack an id or a date.
/// The cleanup works on the raw records in store order: lists first, then items.
public enum DuplicateCleanup {
    /// A stored item record; `fields` is everything the cleanup does not look at.
    public struct ItemRecord<Fields: Sendable>: Sendable {
        public var id: UUID?
        public var modifiedAt: Date?
        public var fields: Fields

        public init(id: UUID?, modifiedAt: Date?, fields: Fields) {
            self.id = id
            self.modifiedAt = modifiedAt
            self.fields = fields
        }
    }

    /// A stored list record and the item records related to it, in store order.
    public struct ListRecord<Fields: Sendable, ItemFields: Sendable>: Sendable {
        public var id: UUID?
        public var modifiedAt: Date?
        public var fields: Fields
        public var items: [ItemRecord<ItemFields>]

        public init(id: UUID?, modifiedAt: Date?, fields: Fields, items: [ItemRecord<ItemFields>] = []) {
            self.id = id
            self.modifiedAt = modifiedAt
            self.fields = fields
            self.items = items
        }
    }

    /// - Lists: among records sharing an id, the newest `modifiedAt` is kept (a missing date
    ///   is the distant past; on a tie the earlier record in store order); the others' items
    ///   move to it, after its own, and the others are deleted.
    /// - Items: among records sharing an id (across all lists, store order being list order
    ///   then item order), the newest is kept under the same rule; the rest are deleted with
    ///   their images.
    /// Records without an id are never merged or deleted.
    public static func run<Fields, ItemFields>(_ lists: [ListRecord<Fields, ItemFields>]) -> [ListRecord<Fields, ItemFields>] {
        var kept = mergeDuplicateLists(lists)
        let survivors = survivingItems(in: kept)
        for listIndex in kept.indices {
            kept[listIndex].items = kept[listIndex].items.indices.compactMap { itemIndex in
                survivors.contains(ItemPosition(list: listIndex, item: itemIndex)) ? kept[listIndex].items[itemIndex] : nil
            }
        }
        return kept
    }

    /// The cleanup over library values, whose lists and items always have ids and dates.
    public static func run(_ lists: [ItemList]) -> [ItemList] {
        let records = lists.map { list in
            ListRecord(
                id: list.id, modifiedAt: list.modifiedAt, fields: list,
                items: list.items.map { ItemRecord(id: $0.id, modifiedAt: $0.modifiedAt, fields: $0) })
        }
        return run(records).map { record in
            var list = record.fields
            list.items = record.items.map { item in
                var moved = item.fields
                moved.listId = list.id
                return moved
            }
            return list
        }
    }

    private static func mergeDuplicateLists<Fields, ItemFields>(
        _ lists: [ListRecord<Fields, ItemFields>]
    ) -> [ListRecord<Fields, ItemFields>] {
        var lists = lists
        var deleted = Set<Int>()
        for group in duplicateGroups(lists.map { ($0.id, $0.modifiedAt) }) {
            guard let winner = group.first else { continue }
            for loser in group.dropFirst() {
                lists[winner].items += lists[loser].items
                deleted.insert(loser)
            }
        }
        return lists.indices.filter { !deleted.contains($0) }.map { lists[$0] }
    }

    private struct ItemPosition: Hashable {
        var list: Int
        var item: Int
    }

    private static func survivingItems<Fields, ItemFields>(in lists: [ListRecord<Fields, ItemFields>]) -> Set<ItemPosition> {
        let positions = lists.indices.flatMap { list in lists[list].items.indices.map { ItemPosition(list: list, item: $0) } }
        var surviving = Set(positions)
        let keys = positions.map { lists[$0.list].items[$0.item] }.map { ($0.id, $0.modifiedAt) }
        for group in duplicateGroups(keys) {
            for loser in group.dropFirst() { surviving.remove(positions[loser]) }
        }
        return surviving
    }

    /// Indices of records sharing an id, for every id held by more than one record; each
    /// group starts with the record to keep.
    private static func duplicateGroups(_ records: [(id: UUID?, modifiedAt: Date?)]) -> [[Int]] {
        var groups: [UUID: [Int]] = [:]
        var order: [UUID] = []
        for (index, record) in records.enumerated() {
            guard let id = record.id else { continue }
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(index)
        }
        return order.compactMap { id in
            guard let members = groups[id], members.count > 1 else { return nil }
            // Newest first; the stable sort keeps store order among equal dates.
            return members.stableSorted {
                (records[$0].modifiedAt ?? .distantPast) > (records[$1].modifiedAt ?? .distantPast)
            }
        }
    }
}

extension DuplicateCleanup.ItemRecord: Equatable where Fields: Equatable {}
extension DuplicateCleanup.ItemRecord: Hashable where Fields: Hashable {}
extension DuplicateCleanup.ListRecord: Equatable where Fields: Equatable, ItemFields: Equatable {}
extension DuplicateCleanup.ListRecord: Hashable where Fields: Hashable, ItemFields: Hashable {}
