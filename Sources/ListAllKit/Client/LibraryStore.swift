import Foundation
import HearthClient
import HearthCore

/// The person's library in the device's local store: read as one ``ListAllLibrary`` value,
/// and saved back as the difference between the value read and the value a rule made, in
/// one local transaction (each changed list, item and image becomes one queued put or
/// delete for the server).
struct LibraryStore: Sendable {
    let store: LocalStore

    /// Every list, item and image on this device. Lists are in creation order ("store
    /// order"), items in each list by `orderNumber`; entities whose parent is not on the
    /// device are left out.
    func load() throws -> ListAllLibrary {
        var imagesByItem: [UUID: [ItemImage]] = [:]
        for document in try store.documents(ListAllDocumentCoding.images) {
            guard let (image, itemID) = ListAllDocumentCoding.image(id: document.id, document.data) else { continue }
            imagesByItem[itemID, default: []].append(image)
        }
        var itemsByList: [UUID: [ListItem]] = [:]
        for document in try store.documents(ListAllDocumentCoding.items) {
            guard var (item, listID) = ListAllDocumentCoding.item(id: document.id, document.data) else { continue }
            item.images = (imagesByItem[item.id] ?? []).stableSorted { $0.orderNumber < $1.orderNumber }
            itemsByList[listID, default: []].append(item)
        }
        let lists = try store.documents(ListAllDocumentCoding.lists).compactMap { document -> ItemList? in
            guard var list = ListAllDocumentCoding.list(id: document.id, document.data) else { return nil }
            list.items = (itemsByList[list.id] ?? []).stableSorted { $0.orderNumber < $1.orderNumber }
            return list
        }
        return ListAllLibrary(lists: lists.stableSorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) })
    }

    /// Saves what changed from `old` to `new`. Parents are written before their children
    /// and deletions of children before their parents, so the server always finds an
    /// item's list.
    func save(from old: ListAllLibrary, to new: ListAllLibrary) throws {
        let edits = LibraryChanges(from: old, to: new).edits
        guard !edits.isEmpty else { return }
        try store.apply(edits)
    }
}

/// The local edits that turn one library value into another.
struct LibraryChanges {
    let edits: [LocalStore.LocalEdit]

    init(from old: ListAllLibrary, to new: ListAllLibrary) {
        let oldLists = Dictionary(old.lists.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oldItems = Self.items(of: old)
        let oldImages = Self.images(of: old)
        let newItems = Self.items(of: new)
        let newImages = Self.images(of: new)
        let newListIDs = Set(new.lists.map(\.id))

        var puts: [LocalStore.LocalEdit] = []
        for list in new.lists {
            let data = ListAllDocumentCoding.data(list)
            if let before = oldLists[list.id], ListAllDocumentCoding.data(before) == data { continue }
            puts.append(.put(collection: ListAllDocumentCoding.lists, id: list.id.uuidString, data: data))
        }
        for (id, entry) in newItems.ordered {
            let data = ListAllDocumentCoding.data(entry.item, in: entry.owner)
            if let before = oldItems.byID[id], ListAllDocumentCoding.data(before.item, in: before.owner) == data { continue }
            puts.append(.put(collection: ListAllDocumentCoding.items, id: id.uuidString, data: data))
        }
        for (id, entry) in newImages.ordered {
            let data = ListAllDocumentCoding.data(entry.image, of: entry.owner)
            if let before = oldImages.byID[id], before.image == entry.image, before.owner == entry.owner { continue }
            puts.append(.put(collection: ListAllDocumentCoding.images, id: id.uuidString, data: data))
        }
        var deletes: [LocalStore.LocalEdit] = []
        for (id, _) in oldImages.ordered where newImages.byID[id] == nil {
            deletes.append(.delete(collection: ListAllDocumentCoding.images, id: id.uuidString))
        }
        for (id, _) in oldItems.ordered where newItems.byID[id] == nil {
            deletes.append(.delete(collection: ListAllDocumentCoding.items, id: id.uuidString))
        }
        for list in old.lists where !newListIDs.contains(list.id) {
            deletes.append(.delete(collection: ListAllDocumentCoding.lists, id: list.id.uuidString))
        }
        // Deletions first: "replace all" deletes lists and puts new ones with the same ids.
        edits = deletes + puts
    }

    struct Index<Entry> {
        var ordered: [(UUID, Entry)] = []
        var byID: [UUID: Entry] = [:]

        mutating func add(_ id: UUID, _ entry: Entry) {
            guard byID[id] == nil else { return }
            ordered.append((id, entry))
            byID[id] = entry
        }
    }

    static func items(of library: ListAllLibrary) -> Index<(item: ListItem, owner: UUID)> {
        var index = Index<(item: ListItem, owner: UUID)>()
        for list in library.lists {
            for item in list.items { index.add(item.id, (item, list.id)) }
        }
        return index
    }

    static func images(of library: ListAllLibrary) -> Index<(image: ItemImage, owner: UUID)> {
        var index = Index<(image: ItemImage, owner: UUID)>()
        for list in library.lists {
            for item in list.items {
                for image in item.images { index.add(image.id, (image, item.id)) }
            }
        }
        return index
    }
}
