import Foundation

/// What "create item" gave back: a new item, or the equal item the list already had (§1.6).
public struct ItemCreation: Sendable, Hashable {
    public var item: ListItem
    /// True when the list already held an item with this title, description and quantity.
    public var isExisting: Bool

    public init(item: ListItem, isExisting: Bool) {
        self.item = item
        self.isExisting = isExisting
    }
}

/// The life of an item (spec §1.6): created at the end of its list unless an equal item is
/// already there, edited, crossed out, duplicated, moved or copied to another list, deleted.
/// Item changes do not touch their list.
extension ListAllLibrary {
    /// Adds an item to the list, or returns the item already there with the same title (exact,
    /// after trimming), description (trimmed, blank as none) and quantity, un-crossing and
    /// touching it if it was crossed out. A new item goes to the end of the list (§10.4).
    @discardableResult
    public mutating func createItem(
        in listID: UUID, title: String, description: String? = nil, quantity: Int = 1, now: Date, makeID: () -> UUID
    ) throws(ListAllLifecycleError) -> ItemCreation {
        let listIndex = try listIndex(listID)
        let (title, description, quantity) = try Self.validatedFields(title: title, description: description, quantity: quantity)
        if let existing = lists[listIndex].items.firstIndex(where: {
            $0.title == title && ListAllValidation.normalizedDescription($0.itemDescription) == description
                && $0.quantity == quantity
        }) {
            if lists[listIndex].items[existing].isCrossedOut {
                lists[listIndex].items[existing].isCrossedOut = false
                lists[listIndex].items[existing].modifiedAt = now
            }
            return ItemCreation(item: lists[listIndex].items[existing], isExisting: true)
        }
        let item = ListItem(
            id: makeID(), title: title, itemDescription: description, quantity: quantity,
            orderNumber: lists[listIndex].nextItemOrderNumber, createdAt: now, modifiedAt: now, listId: listID)
        lists[listIndex].items.append(item)
        return ItemCreation(item: item, isExisting: false)
    }

    /// Sets the item's title, description and quantity (validated as in the editor) and touches it.
    @discardableResult
    public mutating func updateItem(
        _ itemID: UUID, title: String, description: String?, quantity: Int, now: Date
    ) throws(ListAllLifecycleError) -> ListItem {
        let position = try itemPosition(itemID)
        let (title, description, quantity) = try Self.validatedFields(title: title, description: description, quantity: quantity)
        updateItem(at: position) { item in
            item.title = title
            item.itemDescription = description
            item.quantity = quantity
            item.modifiedAt = now
        }
        return lists[position.list].items[position.item]
    }

    /// Flips "completed" and touches the item.
    @discardableResult
    public mutating func toggleCrossedOut(_ itemID: UUID, now: Date) throws(ListAllLifecycleError) -> ListItem {
        let position = try itemPosition(itemID)
        updateItem(at: position) { $0.toggleCrossedOut(now: now) }
        return lists[position.list].items[position.item]
    }

    /// Removes the item with its images for good; returns it unchanged, for undo.
    @discardableResult
    public mutating func deleteItem(_ itemID: UUID) throws(ListAllLifecycleError) -> ListItem {
        let position = try itemPosition(itemID)
        return lists[position.list].items.remove(at: position.item)
    }

    /// Creates "<title> (Copy)" with the same description and quantity in the same list,
    /// through the create rule.
    @discardableResult
    public mutating func duplicateItem(_ itemID: UUID, now: Date, makeID: () -> UUID) throws(ListAllLifecycleError) -> ItemCreation {
        let position = try itemPosition(itemID)
        let source = lists[position.list].items[position.item]
        return try createItem(
            in: lists[position.list].id, title: source.title + " (Copy)", description: source.itemDescription,
            quantity: source.quantity, now: now, makeID: makeID)
    }

    /// Moves the item to the end of list `destinationID` and touches it; its id, creation
    /// date, crossed state and images stay. Moving to its own list changes nothing.
    @discardableResult
    public mutating func moveItem(_ itemID: UUID, to destinationID: UUID, now: Date) throws(ListAllLifecycleError) -> ListItem {
        let position = try itemPosition(itemID)
        let destination = try listIndex(destinationID)
        if position.list == destination { return lists[position.list].items[position.item] }
        var item = lists[position.list].items.remove(at: position.item)
        item.listId = destinationID
        item.orderNumber = lists[destination].nextItemOrderNumber
        item.modifiedAt = now
        lists[destination].items.append(item)
        return item
    }

    /// Copies the item to the end of list `destinationID`: new id and dates, images copied
    /// with new ids. The crossed state is kept unless `uncrossed` (the "add from suggestion"
    /// variant).
    @discardableResult
    public mutating func copyItem(
        _ itemID: UUID, to destinationID: UUID, uncrossed: Bool = false, now: Date, makeID: () -> UUID
    ) throws(ListAllLifecycleError) -> ListItem {
        let position = try itemPosition(itemID)
        let destination = try listIndex(destinationID)
        var copy = lists[position.list].items[position.item].copied(
            to: destinationID, orderNumber: lists[destination].nextItemOrderNumber, now: now, makeID: makeID)
        if uncrossed { copy.isCrossedOut = false }
        lists[destination].items.append(copy)
        return copy
    }

    mutating func updateItem(at position: (list: Int, item: Int), _ change: (inout ListItem) -> Void) {
        change(&lists[position.list].items[position.item])
    }

    static func validatedFields(
        title: String, description: String?, quantity: Int
    ) throws(ListAllLifecycleError) -> (String, String?, Int) {
        try validated { () throws(ListAllValidationError) in
            (
                try ListAllValidation.itemTitle(title), try ListAllValidation.itemDescription(description),
                try ListAllValidation.itemQuantity(quantity)
            )
        }
    }
}

extension ListItem {
    /// This item as a new record in list `listID`: new ids for it and its images, dates `now`.
    func copied(to listID: UUID, orderNumber: Int, now: Date, makeID: () -> UUID) -> ListItem {
        let newID = makeID()
        let images = sortedImages.map { image in
            ItemImage(id: makeID(), imageData: image.imageData, orderNumber: image.orderNumber, itemId: newID, createdAt: now)
        }
        return ListItem(
            id: newID, title: title, itemDescription: itemDescription, quantity: quantity, orderNumber: orderNumber,
            isCrossedOut: isCrossedOut, createdAt: now, modifiedAt: now, listId: listID, images: images)
    }
}
