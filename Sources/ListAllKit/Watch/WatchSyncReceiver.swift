import Foundation

/// Which device applies a payload: the watch also takes list metadata whenever the order
/// differs, because the phone is authoritative for ordering.
public enum WatchSyncSide: Sendable, Hashable {
    case phone
    case watch
}

/// Applies a received full-sync payload to the local library (spec §6.2 receiver, with the
/// Hearth rule §10.6: local images are never deleted by an update that does not mention them).
public enum WatchSyncReceiver {
    /// - Parameters:
    ///   - isEditing: a reorder or edit is in progress; the payload is dropped.
    ///   - now: when lists missing from the payload are archived (they are touched).
    /// - Returns: the library after applying, in store order; new lists are appended.
    public static func apply(
        payload: WatchSyncPayload, to library: ListAllLibrary, isEditing: Bool, now: Date, side: WatchSyncSide = .phone
    ) -> ListAllLibrary {
        guard !isEditing else { return library }
        var library = library
        // An item the payload puts in another list is moved there, not deleted, so it keeps its images.
        let itemsInPayload = Set(payload.lists.flatMap { $0.items.map(\.id) })
        for received in payload.lists {
            if let index = library.index(of: received.id) {
                applyMetadata(of: received, to: &library.lists[index], side: side)
                reconcileItems(of: received, inListAt: index, of: &library, keeping: itemsInPayload)
            } else {
                insert(received, into: &library)
            }
        }
        // An empty payload never archives anything.
        if !payload.lists.isEmpty {
            let receivedIDs = Set(payload.lists.map(\.id))
            for index in library.lists.indices where !library.lists[index].isArchived {
                guard !receivedIDs.contains(library.lists[index].id) else { continue }
                library.lists[index].isArchived = true
                library.lists[index].modifiedAt = now
            }
        }
        return library
    }

    /// Name, order, modifiedAt and archived flag, only when the received list is strictly newer.
    private static func applyMetadata(of received: WatchSyncPayload.List, to local: inout ItemList, side: WatchSyncSide) {
        let orderDiffers = side == .watch && received.orderNumber != local.orderNumber
        guard received.modifiedAt > local.modifiedAt || orderDiffers else { return }
        local.name = received.name
        local.orderNumber = received.orderNumber
        local.modifiedAt = received.modifiedAt
        local.isArchived = received.isArchived
    }

    /// Every time: strictly newer items overwrite, unknown items arrive, items missing from
    /// the payload are deleted. Local images are kept throughout.
    private static func reconcileItems(
        of received: WatchSyncPayload.List, inListAt listIndex: Int, of library: inout ListAllLibrary,
        keeping itemsInPayload: Set<UUID>
    ) {
        library.lists[listIndex].items.removeAll { !itemsInPayload.contains($0.id) }
        let listID = library.lists[listIndex].id
        for item in received.items {
            if let itemIndex = library.lists[listIndex].items.firstIndex(where: { $0.id == item.id }) {
                let local = library.lists[listIndex].items[itemIndex]
                guard item.modifiedAt > local.modifiedAt else { continue }
                library.lists[listIndex].items[itemIndex] = overwrite(local, with: item, listID: listID)
            } else {
                add(item, toListWith: listID, of: &library)
            }
        }
        library.lists[listIndex].items = library.lists[listIndex].sortedItems
    }

    /// A list the library does not know: appended, at the end of the active lists' order.
    private static func insert(_ received: WatchSyncPayload.List, into library: inout ListAllLibrary) {
        library.lists.append(
            ItemList(
                id: received.id, name: received.name, orderNumber: library.nextListOrderNumber,
                createdAt: received.createdAt, modifiedAt: received.modifiedAt, isArchived: received.isArchived))
        for item in received.items {
            add(item, toListWith: received.id, of: &library)
        }
        if let index = library.index(of: received.id) {
            library.lists[index].items = library.lists[index].sortedItems
        }
    }

    /// Inserts an item the target list does not hold. An item with that id elsewhere is
    /// updated and moved here instead of duplicated (spec §1.6), keeping its images.
    private static func add(_ item: WatchSyncPayload.Item, toListWith listID: UUID, of library: inout ListAllLibrary) {
        var existing: ListItem?
        for index in library.lists.indices {
            guard let itemIndex = library.lists[index].items.firstIndex(where: { $0.id == item.id }) else { continue }
            existing = library.lists[index].items.remove(at: itemIndex)
            break
        }
        let arriving = existing.map { overwrite($0, with: item, listID: listID) } ?? {
            var new = item.listItem
            new.listId = listID
            return new
        }()
        guard let target = library.index(of: listID) else { return }
        library.lists[target].items.append(arriving)
    }

    /// The payload's fields over the local item; createdAt and images stay local.
    private static func overwrite(_ local: ListItem, with item: WatchSyncPayload.Item, listID: UUID) -> ListItem {
        var updated = local
        updated.title = item.title
        updated.itemDescription = item.itemDescription
        updated.quantity = item.quantity
        updated.orderNumber = item.orderNumber
        updated.isCrossedOut = item.isCrossedOut
        updated.modifiedAt = item.modifiedAt
        updated.listId = listID
        return updated
    }
}
