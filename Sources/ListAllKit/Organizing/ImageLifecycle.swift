import Foundation

/// An item's pictures (spec §1.3): at most 10, each at most 5 MiB, numbered 0…n−1 in the
/// order shown. Every change touches the item. The bytes are taken as given: downscaling
/// and JPEG compression happen before a picture reaches these rules.
extension ListAllLibrary {
    /// Attaches a picture after the item's others (`orderNumber` = the current count).
    @discardableResult
    public mutating func addImage(
        _ data: Data?, to itemID: UUID, now: Date, makeID: () -> UUID
    ) throws(ListAllLifecycleError) -> ItemImage {
        let position = try itemPosition(itemID)
        let existing = lists[position.list].items[position.item].images.count
        let data = try validated { () throws(ListAllValidationError) in
            try ListAllValidation.imageData(data, existingCount: existing)
        }
        let image = ItemImage(id: makeID(), imageData: data, orderNumber: existing, itemId: itemID, createdAt: now)
        updateItem(at: position) { item in
            item.images.append(image)
            item.modifiedAt = now
        }
        return image
    }

    /// Removes a picture, renumbers the rest 0…n−1 and touches the item; returns the removed picture.
    @discardableResult
    public mutating func removeImage(_ imageID: UUID, from itemID: UUID, now: Date) throws(ListAllLifecycleError) -> ItemImage {
        let position = try itemPosition(itemID)
        var images = lists[position.list].items[position.item].sortedImages
        guard let index = images.firstIndex(where: { $0.id == imageID }) else { throw .imageNotFound(imageID) }
        let removed = images.remove(at: index)
        updateItem(at: position) { item in
            item.images = Self.renumbered(images)
            item.modifiedAt = now
        }
        return removed
    }

    /// Moves the picture shown at `source` to `destination`, renumbers 0…n−1 and touches the
    /// item. Indices out of range or equal change nothing; returns whether anything moved.
    @discardableResult
    public mutating func moveImage(
        of itemID: UUID, from source: Int, to destination: Int, now: Date
    ) throws(ListAllLifecycleError) -> Bool {
        let position = try itemPosition(itemID)
        var images = lists[position.list].items[position.item].sortedImages
        guard images.indices.contains(source), images.indices.contains(destination), source != destination else {
            return false
        }
        images.insert(images.remove(at: source), at: destination)
        updateItem(at: position) { item in
            item.images = Self.renumbered(images)
            item.modifiedAt = now
        }
        return true
    }

    static func renumbered(_ images: [ItemImage]) -> [ItemImage] {
        images.enumerated().map { offset, image in
            var image = image
            image.orderNumber = offset
            return image
        }
    }
}
