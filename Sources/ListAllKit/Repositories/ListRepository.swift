import Foundation

/// The person's lists (spec §1.6, §4.1): active lists in their order, the archive newest
/// first, and every change of a list. A list is named by its id or its exact name.
public struct ListRepository: Sendable {
    let context: ListAllContext

    init(_ context: ListAllContext) { self.context = context }

    /// Everything on this device: every list with its items and images.
    public func library() async throws -> ListAllLibrary { try await context.read() }

    /// Active lists in ascending `orderNumber`.
    public func active() async throws -> [ItemList] { try await context.read().activeLists }

    /// Archived lists, the most recently archived first.
    public func archived() async throws -> [ItemList] { try await context.read().archivedLists }

    public func find(_ reference: String) async throws -> ItemList { try await context.read().anyList(reference) }

    @discardableResult
    public func create(named name: String) async throws -> ItemList {
        try await context.edit { library in try library.createList(named: name, now: context.now, makeID: UUID.init) }
    }

    @discardableResult
    public func rename(_ reference: String, to name: String) async throws -> ItemList {
        try await context.edit { library in try library.renameList(try library.activeList(reference).id, to: name, now: context.now) }
    }

    /// "Delete list" in the app: moves it to the archive.
    @discardableResult
    public func archive(_ reference: String) async throws -> ItemList {
        try await context.edit { library in try library.archiveList(try library.activeList(reference).id, now: context.now) }
    }

    @discardableResult
    public func restore(_ reference: String) async throws -> ItemList {
        try await context.edit { library in
            try library.restoreList(try EntityReference.list(reference, among: library.archivedLists, kind: "Archived list").id, now: context.now)
        }
    }

    /// Deletes an archived list with its items and images, on every device.
    @discardableResult
    public func deletePermanently(_ reference: String) async throws -> ItemList {
        try await context.edit { library in
            // The archive first: an active list may carry the same name.
            let list: ItemList
            do {
                list = try EntityReference.list(reference, among: library.archivedLists, kind: "Archived list")
            } catch ListAllError.notFound {
                list = try library.anyList(reference)
            }
            return try library.deleteListPermanently(list.id)
        }
    }

    @discardableResult
    public func duplicate(_ reference: String) async throws -> ItemList {
        try await context.edit { library in try library.duplicateList(try library.anyList(reference).id, now: context.now, makeID: UUID.init) }
    }

    /// Moves the active list to `position` (0 = top). A position out of range changes
    /// nothing and says so (§10.17).
    @discardableResult
    public func reorder(_ reference: String, to position: Int) async throws -> [ItemList] {
        try await context.edit { library in
            let active = library.activeLists
            let list = try library.activeList(reference)
            guard active.indices.contains(position) else {
                throw ListAllError.invalid(
                    "Position \(position) is out of range: there are \(active.count) active lists, so use 0…\(max(active.count - 1, 0)). Nothing changed.")
            }
            guard let source = active.firstIndex(of: list) else { throw ListAllError.notFound("List '\(reference)'") }
            library.reorderLists(from: source, to: position, now: context.now)
            return library.activeLists
        }
    }
}
