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
        try Self.library(images: store.documents(ListAllDocumentCoding.images), items: store.documents(ListAllDocumentCoding.items),
            lists: store.documents(ListAllDocumentCoding.lists))
    }

    /// Loads the library, lets `change` edit it and saves the difference, in one local
    /// transaction: a pull cannot land between the read and the save.
    func edit<T>(_ change: (inout ListAllLibrary) throws -> T) throws -> T {
        try store.update { update in
            let before = try Self.library(
                images: update.documents(ListAllDocumentCoding.images), items: update.documents(ListAllDocumentCoding.items),
                lists: update.documents(ListAllDocumentCoding.lists))
            var after = before
            let result = try change(&after)
            try update.apply(LibraryChanges(from: before, to: after).edits)
            return result
        }
    }

    private static func library(images: [LocalDocument], items: [LocalDocument], lists: [LocalDocument]) -> ListAllLibrary {
        var imagesByItem: [UUID: [ItemImage]] = [:]
        for document in images {
            guard let (image, itemID) = ListAllDocumentCoding.image(id: document.id, document.data) else { continue }
            imagesByItem[itemID, default: []].append(image)
        }
        var itemsByList: [UUID: [ListItem]] = [:]
        for document in items {
            guard var (item, listID) = ListAllDocumentCoding.item(id: document.id, document.data) else { continue }
            item.images = (imagesByItem[item.id] ?? []).stableSorted { $0.orderNumber < $1.orderNumber }
            itemsByList[listID, default: []].append(item)
        }
        let lists = lists.compactMap { document -> ItemList? in
            guard var list = ListAllDocumentCoding.list(id: document.id, document.data) else { return nil }
            list.items = (itemsByList[list.id] ?? []).stableSorted { $0.orderNumber < $1.orderNumber }
            return list
        }
        return ListAllLibrary(lists: lists.stableSorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) })
    }
}
