import Foundation

/// Applies a decoded, validated document to a library with one strategy (spec §3.5–3.7).
/// Pure: it returns the new library and the counts; the preview runs the same code, so its
/// counts always equal the real result.
///
/// Hearth rules: lists and items keep their incoming ids when the strategy does (merge,
/// replace) unless the id is already used in the library, e.g. by an archived list (§10.13)
/// or an item of another list; then a fresh id is made (§10.16: ids are unique within one
/// person's data). A repeated id inside the document is skipped and reported (§10.12).
struct ImportApplier {
    let strategy: ImportStrategy
    let makeID: () -> UUID
    /// Preview wording (future tense) and the item-level conflicts of a replace preview.
    let isPreview: Bool
    let progress: ((ImportProgress) -> Void)?

    func apply(_ document: ImportDocument, to library: ListAllLibrary) -> (
        library: ListAllLibrary, result: ImportResult
    ) {
        var run = ImportRun(applier: self, document: document, library: library)
        run.execute()
        return (ListAllLibrary(lists: run.lists), run.result)
    }
}

/// The mutable state of one `ImportApplier.apply`.
struct ImportRun {
    let applier: ImportApplier
    let document: ImportDocument
    /// The library as it was: merge matches against this snapshot only.
    let original: ListAllLibrary
    var lists: [ItemList]
    var result = ImportResult()
    var usedListIDs: Set<UUID> = []
    var usedItemIDs: Set<UUID> = []
    var usedImageIDs: Set<UUID> = []
    var seenListIDs: Set<UUID> = []
    var seenItemIDs: Set<UUID> = []
    var seenImageIDs: Set<UUID> = []
    /// `max(orderNumber of active lists) + 1`, recomputed when a merge may have changed it.
    var nextListOrder = 0
    var listOrderIsStale = true
    /// Lists whose items are sorted by `orderNumber` at the end.
    var touchedLists: Set<Int> = []
    var merge = MergeSnapshot()
    var processedLists = 0
    var processedItems = 0
    let totalItems: Int

    init(applier: ImportApplier, document: ImportDocument, library: ListAllLibrary) {
        self.applier = applier
        self.document = document
        self.original = library
        self.lists = library.lists
        self.totalItems = document.itemCount
    }

    var strategy: ImportStrategy { applier.strategy }

    var verb: String {
        switch strategy {
        case .merge: "merge"
        case .replace: "import"
        case .append: "append"
        }
    }

    mutating func execute() {
        if strategy == .replace { deleteActiveLists() }
        for list in lists {
            usedListIDs.insert(list.id)
            for item in list.items {
                usedItemIDs.insert(item.id)
                for image in item.images { usedImageIDs.insert(image.id) }
            }
        }
        if strategy == .merge { merge = MergeSnapshot(lists) }
        for incoming in document.lists { importList(incoming) }
        for index in touchedLists.sorted() {
            lists[index].items = lists[index].items.stableSorted { $0.orderNumber < $1.orderNumber }
        }
        switch strategy {
        case .merge: report("Merge complete")
        case .replace: report("Import complete")
        case .append: report("Append complete")
        }
    }

    func report(_ operation: String) {
        applier.progress?(
            ImportProgress(
                totalLists: document.lists.count, processedLists: processedLists, totalItems: totalItems,
                processedItems: processedItems, currentOperation: operation))
    }

    mutating func fail(_ listName: String, _ reason: String) {
        result.errors.append("Failed to \(verb) list '\(listName)': \(reason)")
    }

    // MARK: Replace

    private mutating func deleteActiveLists() {
        report("Deleting existing data...")
        for list in lists where !list.isArchived {
            let message = applier.isPreview ? "List '\(list.name)' will be deleted" : "Deleted list '\(list.name)'"
            result.conflicts.append(
                ConflictDetail(
                    type: .listDeleted, entityName: list.name, entityId: list.id, currentValue: list.name,
                    incomingValue: nil, message: message))
            guard applier.isPreview else { continue }
            for item in list.sortedItems {
                result.conflicts.append(
                    ConflictDetail(
                        type: .itemDeleted, entityName: item.title, entityId: item.id, currentValue: item.title,
                        incomingValue: nil, message: "Item '\(item.title)' in list '\(list.name)' will be deleted"))
            }
        }
        lists.removeAll { !$0.isArchived }
    }

    // MARK: Lists

    private mutating func importList(_ incoming: ImportedList) {
        switch strategy {
        case .merge: report("Merging list '\(incoming.name)'...")
        case .replace: report("Importing list '\(incoming.name)'...")
        case .append: report("Appending list '\(incoming.name)'...")
        }
        if strategy.keepsOriginalIDs {
            guard seenListIDs.insert(incoming.id).inserted else {
                fail(incoming.name, "duplicate list id \(incoming.id.uuidString); the first list with this id was kept")
                processedLists += 1
                processedItems += incoming.items.count
                return
            }
        }
        if strategy == .merge, let index = merge.match(incoming) {
            mergeList(incoming, into: index)
        } else {
            createList(incoming)
        }
    }

    private mutating func createList(_ incoming: ImportedList) {
        if listOrderIsStale {
            nextListOrder = lists.filter { !$0.isArchived }.map(\.orderNumber).max().map { $0 + 1 } ?? 0
            listOrderIsStale = false
        }
        let id = newID(incoming.id, .list)
        lists.append(
            ItemList(
                id: id, name: incoming.name, orderNumber: nextListOrder, createdAt: incoming.createdAt,
                modifiedAt: incoming.modifiedAt, isArchived: incoming.isArchived))
        if !incoming.isArchived { nextListOrder += 1 }
        let index = lists.count - 1
        touchedLists.insert(index)
        result.listsCreated += 1
        processedLists += 1
        let operation = strategy == .append ? "Appending" : "Importing"
        for item in incoming.items {
            if acceptsItem(item, in: incoming) { createItem(item, in: index, listName: incoming.name) }
            processedItems += 1
            report("\(operation) item '\(item.title)'...")
        }
    }

    /// False (and an error) when the item repeats an id seen earlier in the document.
    mutating func acceptsItem(_ item: ImportedItem, in list: ImportedList) -> Bool {
        guard strategy.keepsOriginalIDs else { return true }
        if seenItemIDs.insert(item.id).inserted { return true }
        fail(
            list.name, "duplicate item id \(item.id.uuidString) ('\(item.title)'); the first item with this id was kept"
        )
        return false
    }

    mutating func createItem(_ incoming: ImportedItem, in listIndex: Int, listName: String) {
        let listID = lists[listIndex].id
        let id = newID(incoming.id, .item)
        var images: [ItemImage] = []
        for image in acceptedImages(incoming, listName: listName) {
            guard let data = image.decodedData else { continue }
            images.append(
                ItemImage(
                    id: newID(image.id, .image), imageData: data, orderNumber: image.orderNumber, itemId: id,
                    createdAt: image.createdAt))
        }
        lists[listIndex].items.append(
            ListItem(
                id: id, title: incoming.title, itemDescription: incoming.storedDescription, quantity: incoming.quantity,
                orderNumber: incoming.orderNumber, isCrossedOut: incoming.isCrossedOut, createdAt: incoming.createdAt,
                modifiedAt: incoming.modifiedAt, listId: listID, images: images))
        result.itemsCreated += 1
    }

    /// The item's images without those whose id was seen before in the document (reported).
    mutating func acceptedImages(_ item: ImportedItem, listName: String) -> [ImportedImage] {
        guard strategy.keepsOriginalIDs else { return item.images }
        return item.images.filter { image in
            if seenImageIDs.insert(image.id).inserted { return true }
            fail(
                listName,
                "duplicate image id \(image.id.uuidString) in item '\(item.title)'; the first image with this id was kept"
            )
            return false
        }
    }

    enum Entity { case list, item, image }

    /// The incoming id when the strategy keeps ids and it is free; otherwise a new one.
    mutating func newID(_ incoming: UUID, _ entity: Entity) -> UUID {
        let keeping = strategy.keepsOriginalIDs
        switch entity {
        case .list: return Self.resolve(incoming, keeping: keeping, used: &usedListIDs, makeID: applier.makeID)
        case .item: return Self.resolve(incoming, keeping: keeping, used: &usedItemIDs, makeID: applier.makeID)
        case .image: return Self.resolve(incoming, keeping: keeping, used: &usedImageIDs, makeID: applier.makeID)
        }
    }

    private static func resolve(_ incoming: UUID, keeping: Bool, used: inout Set<UUID>, makeID: () -> UUID) -> UUID {
        var id = keeping ? incoming : makeID()
        if used.contains(id) { id = makeID() }
        used.insert(id)
        return id
    }
}
