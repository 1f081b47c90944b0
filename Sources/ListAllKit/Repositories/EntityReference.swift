import Foundation

/// How a person names a list or an item on the command line: its id (any case) or its
/// exact name or title.
enum EntityReference {
    static func list(_ reference: String, among candidates: [ItemList], kind: String = "List") throws -> ItemList {
        if let id = UUID(uuidString: reference), let match = candidates.first(where: { $0.id == id }) { return match }
        let named = candidates.filter { $0.name == reference }
        if named.count > 1 {
            throw ListAllError.ambiguous("\(named.count) lists are called '\(reference)'; name it by id (`hearth list lists` shows ids).")
        }
        guard let match = named.first else { throw ListAllError.notFound("\(kind) '\(reference)'") }
        return match
    }

    static func item(_ reference: String, in list: ItemList) throws -> ListItem {
        if let id = UUID(uuidString: reference), let match = list.items.first(where: { $0.id == id }) { return match }
        let titled = list.items.filter { $0.title == reference }
        if titled.count > 1 {
            throw ListAllError.ambiguous(
                "\(titled.count) items of '\(list.name)' are titled '\(reference)'; name it by id (`hearth list items` shows ids).")
        }
        guard let match = titled.first else { throw ListAllError.notFound("Item '\(reference)' in '\(list.name)'") }
        return match
    }
}

extension ListAllLibrary {
    /// The active list named by id or exact name.
    func activeList(_ reference: String) throws -> ItemList {
        try EntityReference.list(reference, among: activeLists)
    }

    /// The list named by id or exact name, active ones first, then archived ones.
    func anyList(_ reference: String) throws -> ItemList {
        if let active = try? EntityReference.list(reference, among: activeLists) { return active }
        return try EntityReference.list(reference, among: archivedLists)
    }
}
