import Foundation

/// The merge lookups of spec §3.5, built once from the active lists before anything
/// changes: lists by id, exact name and normalized name (first in store order wins), and
/// per list its items by id, by title + description and by title.
struct MergeSnapshot {
    private var listByID: [UUID: Int] = [:]
    private var listByName: [String: Int] = [:]
    private var listByNormalizedName: [String: Int] = [:]
    private var itemLookups: [Int: ItemLookup] = [:]
    private let lists: [ItemList]

    init() { lists = [] }

    /// `lists` is the whole library (indices are kept); archived lists are never matched (§10.13).
    init(_ lists: [ItemList]) {
        self.lists = lists
        for (index, list) in lists.enumerated() where !list.isArchived {
            if listByID[list.id] == nil { listByID[list.id] = index }
            if listByName[list.name] == nil { listByName[list.name] = index }
            let normalized = Self.normalized(list.name)
            if listByNormalizedName[normalized] == nil { listByNormalizedName[normalized] = index }
        }
    }

    static func normalized(_ name: String) -> String { ListAllText.trimWSNL(name).lowercased() }

    /// By id, then exact name, then normalized name.
    func match(_ incoming: ImportedList) -> Int? {
        listByID[incoming.id] ?? listByName[incoming.name] ?? listByNormalizedName[Self.normalized(incoming.name)]
    }

    /// The index (in the list's items as they were) of the existing item `incoming` updates.
    mutating func matchItem(_ incoming: ImportedItem, inList listIndex: Int) -> Int? {
        let lookup = itemLookups[listIndex] ?? ItemLookup(lists[listIndex].items)
        itemLookups[listIndex] = lookup
        if let index = lookup.byID[incoming.id] { return index }
        if let index = lookup.byTitleAndDescription[TitleAndDescription(incoming.title, incoming.description)] {
            return index
        }
        if incoming.description.isEmpty, let only = lookup.byTitle[incoming.title], only.count == 1 {
            return only.first
        }
        return nil
    }

    private struct TitleAndDescription: Hashable {
        var title: String
        var description: String

        init(_ title: String, _ description: String?) {
            self.title = title
            self.description = description ?? ""
        }
    }

    private struct ItemLookup {
        var byID: [UUID: Int] = [:]
        var byTitleAndDescription: [TitleAndDescription: Int] = [:]
        /// Up to two indices per title: enough to tell "exactly one".
        var byTitle: [String: [Int]] = [:]

        init(_ items: [ListItem]) {
            for (index, item) in items.enumerated() {
                if byID[item.id] == nil { byID[item.id] = index }
                let key = TitleAndDescription(item.title, item.itemDescription)
                if byTitleAndDescription[key] == nil { byTitleAndDescription[key] = index }
                if byTitle[item.title, default: []].count < 2 { byTitle[item.title, default: []].append(index) }
            }
        }
    }
}

extension ImportRun {
    mutating func mergeList(_ incoming: ImportedList, into index: Int) {
        var list = lists[index]
        if list.name != incoming.name {
            let message =
                applier.isPreview
                ? "List name will change from '\(list.name)' to '\(incoming.name)'"
                : "Updated list name from '\(list.name)' to '\(incoming.name)'"
            result.conflicts.append(
                ConflictDetail(
                    type: .listModified, entityName: list.name, entityId: list.id, currentValue: list.name,
                    incomingValue: incoming.name, message: message))
        }
        list.name = incoming.name
        list.orderNumber = incoming.orderNumber
        list.isArchived = incoming.isArchived
        list.modifiedAt = incoming.modifiedAt
        lists[index] = list
        listOrderIsStale = true
        touchedLists.insert(index)
        result.listsUpdated += 1
        processedLists += 1
        for item in incoming.items {
            if acceptsItem(item, in: incoming) {
                if let itemIndex = merge.matchItem(item, inList: index) {
                    mergeItem(item, into: itemIndex, ofList: index, listName: incoming.name)
                } else {
                    createItem(item, in: index, listName: incoming.name)
                }
            }
            processedItems += 1
            report("Merging item '\(item.title)'...")
        }
    }

    private mutating func mergeItem(
        _ incoming: ImportedItem, into itemIndex: Int, ofList listIndex: Int, listName: String
    ) {
        var item = lists[listIndex].items[itemIndex]
        if item.title != incoming.title || (item.itemDescription ?? "") != incoming.description
            || item.quantity != incoming.quantity
        {
            let message =
                applier.isPreview
                ? "Item '\(item.title)' will be updated in list '\(listName)'"
                : "Updated item '\(item.title)' in list '\(listName)'"
            result.conflicts.append(
                ConflictDetail(
                    type: .itemModified, entityName: item.title, entityId: item.id,
                    currentValue: "\(item.title) (qty: \(item.quantity))",
                    incomingValue: "\(incoming.title) (qty: \(incoming.quantity))", message: message))
        }
        item.title = incoming.title
        item.itemDescription = incoming.storedDescription
        item.quantity = incoming.quantity
        item.orderNumber = incoming.orderNumber
        item.isCrossedOut = incoming.isCrossedOut
        item.modifiedAt = incoming.modifiedAt
        item.images = mergedImages(item.images, incoming: acceptedImages(incoming, listName: listName), itemID: item.id)
        lists[listIndex].items[itemIndex] = item
        result.itemsUpdated += 1
    }

    /// §3.6 [fixed]: same-id images take valid incoming data and order (keeping createdAt),
    /// invalid incoming data keeps the existing image, new valid images are added, then
    /// everything is sorted by orderNumber with ties in place.
    private mutating func mergedImages(_ existing: [ItemImage], incoming: [ImportedImage], itemID: UUID) -> [ItemImage]
    {
        guard !incoming.isEmpty else { return existing }
        var incomingByID: [UUID: ImportedImage] = [:]
        for image in incoming where incomingByID[image.id] == nil { incomingByID[image.id] = image }
        var merged = existing.map { image in
            guard let update = incomingByID[image.id], let data = update.decodedData else { return image }
            var image = image
            image.imageData = data
            image.orderNumber = update.orderNumber
            return image
        }
        var present = Set(existing.map(\.id))
        for image in incoming where !present.contains(image.id) {
            present.insert(image.id)
            guard let data = image.decodedData else { continue }
            merged.append(
                ItemImage(
                    id: newID(image.id, .image), imageData: data, orderNumber: image.orderNumber,
                    itemId: itemID, createdAt: image.createdAt))
        }
        return merged.stableSorted { $0.orderNumber < $1.orderNumber }
    }
}
