import Foundation
import HearthClient

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

        var listPuts: [LocalStore.LocalEdit] = []
        for list in new.lists {
            let data = ListAllDocumentCoding.data(list)
            if let before = oldLists[list.id], ListAllDocumentCoding.data(before) == data { continue }
            listPuts.append(.put(collection: ListAllDocumentCoding.lists, id: list.id.uuidString, data: data))
        }
        var itemPuts: [LocalStore.LocalEdit] = []
        for (id, entry) in newItems.ordered {
            let data = ListAllDocumentCoding.data(entry.item, in: entry.owner)
            if let before = oldItems.byID[id], ListAllDocumentCoding.data(before.item, in: before.owner) == data { continue }
            itemPuts.append(.put(collection: ListAllDocumentCoding.items, id: id.uuidString, data: data))
        }
        var imagePuts: [LocalStore.LocalEdit] = []
        for (id, entry) in newImages.ordered {
            if let before = oldImages.byID[id], before.image == entry.image, before.owner == entry.owner { continue }
            imagePuts.append(
                .put(collection: ListAllDocumentCoding.images, id: id.uuidString, data: ListAllDocumentCoding.data(entry.image, of: entry.owner)))
        }
        let imageDeletes = oldImages.ordered.filter { newImages.byID[$0.0] == nil }.map {
            LocalStore.LocalEdit.delete(collection: ListAllDocumentCoding.images, id: $0.0.uuidString)
        }
        let itemDeletes = oldItems.ordered.filter { newItems.byID[$0.0] == nil }.map {
            LocalStore.LocalEdit.delete(collection: ListAllDocumentCoding.items, id: $0.0.uuidString)
        }
        let listDeletes = old.lists.filter { !newListIDs.contains($0.id) }.map {
            LocalStore.LocalEdit.delete(collection: ListAllDocumentCoding.lists, id: $0.id.uuidString)
        }
        // The server checks every put against what it holds and deletes a list's items and
        // images with it: parents are put before their children, and a list is deleted only
        // after the items that leave it for another list have moved. Removed images go
        // first, so an item's new pictures never count against the old ones.
        edits = imageDeletes + listPuts + itemPuts + imagePuts + itemDeletes + listDeletes
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
