import Foundation

/// The life of a list (spec §1.6, §4.1): lists are created at the end, archived instead of
/// deleted, restored with their old position, and deleted for good only from the archive.
extension ListAllLibrary {
    /// Adds an active list named `name` (trimmed) after the other active lists.
    @discardableResult
    public mutating func createList(named name: String, now: Date, makeID: () -> UUID) throws(ListAllLifecycleError) -> ItemList {
        let name = try validated { () throws(ListAllValidationError) in try ListAllValidation.listName(name) }
        let list = ItemList(id: makeID(), name: name, orderNumber: nextListOrderNumber, createdAt: now, modifiedAt: now)
        lists.append(list)
        return list
    }

    /// Gives the list a new name (trimmed) and touches it.
    @discardableResult
    public mutating func renameList(_ listID: UUID, to name: String, now: Date) throws(ListAllLifecycleError) -> ItemList {
        let index = try listIndex(listID)
        let name = try validated { () throws(ListAllValidationError) in try ListAllValidation.listName(name) }
        lists[index].name = name
        lists[index].modifiedAt = now
        return lists[index]
    }

    /// "Delete list": moves the list to the archive and touches it. An archived list is left alone.
    @discardableResult
    public mutating func archiveList(_ listID: UUID, now: Date) throws(ListAllLifecycleError) -> ItemList {
        let index = try listIndex(listID)
        if !lists[index].isArchived {
            lists[index].isArchived = true
            lists[index].modifiedAt = now
        }
        return lists[index]
    }

    /// Brings an archived list back and touches it. It keeps its old `orderNumber`, so it may
    /// share a position with another list (§1.6). An active list is left alone.
    @discardableResult
    public mutating func restoreList(_ listID: UUID, now: Date) throws(ListAllLifecycleError) -> ItemList {
        let index = try listIndex(listID)
        if lists[index].isArchived {
            lists[index].isArchived = false
            lists[index].modifiedAt = now
        }
        return lists[index]
    }

    /// Removes an archived list with its items and their images; returns what was removed.
    @discardableResult
    public mutating func deleteListPermanently(_ listID: UUID) throws(ListAllLifecycleError) -> ItemList {
        let index = try listIndex(listID)
        guard lists[index].isArchived else { throw .listNotArchived(listID) }
        return lists.remove(at: index)
    }

    /// Copies the list with its items under the first free name among the active lists:
    /// "<name> Copy", "<name> Copy 2", "<name> Copy 3"… The base name is shortened when the
    /// result would exceed 100 characters. Items and images get new ids and fresh dates and
    /// keep their order, texts and crossed state. The copy goes after the other active lists.
    @discardableResult
    public mutating func duplicateList(_ listID: UUID, now: Date, makeID: () -> UUID) throws(ListAllLifecycleError) -> ItemList {
        let source = lists[try listIndex(listID)]
        let takenNames = Set(lists.filter { !$0.isArchived }.map(\.name))
        let name = Self.copyName(of: source.name, taken: takenNames)
        let newListID = makeID()
        let items = source.sortedItems.map { item in
            item.copied(to: newListID, orderNumber: item.orderNumber, now: now, makeID: makeID)
        }
        let copy = ItemList(
            id: newListID, name: name, orderNumber: nextListOrderNumber, createdAt: now, modifiedAt: now, items: items)
        lists.append(copy)
        return copy
    }

    /// The first of "<base> Copy", "<base> Copy 2", … not in `taken`, at most 100 characters.
    static func copyName(of name: String, taken: Set<String>) -> String {
        let base = ListAllText.trimWSNL(name)
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? " Copy" : " Copy \(attempt)"
            let room = max(ListAllValidation.maxListNameLength - suffix.count, 0)
            let shortened = base.count > room ? ListAllText.trimWSNL(base.prefix(room)) : base
            let candidate = ListAllText.trimWSNL(shortened + suffix)
            if !taken.contains(candidate) { return candidate }
            attempt += 1
        }
    }
}
