import Foundation

/// The items of a list (spec §1.2, §1.6, §4.3, §5): what a list shows under a view's
/// filter, sort and search, and every change of an item. An item is named by its id or its
/// exact title within its list.
public struct ItemRepository: Sendable {
    let context: ListAllContext
    let images: ImageProcessor

    init(_ context: ListAllContext, images: ImageProcessor = ImageProcessor()) {
        self.context = context
        self.images = images
    }

    /// The list (active or archived) and the items it shows with `view`.
    public func items(of reference: String, view: ItemViewOptions) async throws -> (list: ItemList, items: [ListItem]) {
        let list = try await context.read().anyList(reference)
        return (list, view.visibleItems(list.items))
    }

    public func find(_ item: String, in list: String) async throws -> ListItem {
        try EntityReference.item(item, in: try await context.read().anyList(list))
    }

    /// Adds an item at the end of the list, or returns the equal one already there (§1.6).
    /// Pictures are downscaled and compressed as the app stores them (§1.3).
    @discardableResult
    public func add(
        to list: String, title: String, description: String? = nil, quantity: Int = 1, pictures: [Data] = []
    ) async throws -> ItemCreation {
        let stored = pictures.map(images.storageData(for:))
        return try await context.edit { library in
            let listID = try library.activeList(list).id
            var creation = try library.createItem(
                in: listID, title: title, description: description, quantity: quantity, now: context.now, makeID: UUID.init)
            for picture in stored {
                try library.addImage(picture, to: creation.item.id, now: context.now, makeID: UUID.init)
            }
            if let refreshed = library.item(creation.item.id)?.item { creation.item = refreshed }
            return creation
        }
    }

    /// Changes what is given and keeps the rest.
    @discardableResult
    public func edit(_ item: String, in list: String, title: String? = nil, description: String? = nil, quantity: Int? = nil)
        async throws -> ListItem
    {
        try await context.edit { library in
            let current = try EntityReference.item(item, in: try library.anyList(list))
            return try library.updateItem(
                current.id, title: title ?? current.title, description: description ?? current.itemDescription,
                quantity: quantity ?? current.quantity, now: context.now)
        }
    }

    /// Crosses the item out (`true`) or back in; nothing changes when it already is.
    @discardableResult
    public func setCrossedOut(_ item: String, in list: String, _ crossedOut: Bool) async throws -> ListItem {
        try await context.edit { library in
            let current = try EntityReference.item(item, in: try library.anyList(list))
            guard current.isCrossedOut != crossedOut else { return current }
            return try library.toggleCrossedOut(current.id, now: context.now)
        }
    }

    @discardableResult
    public func move(_ item: String, in list: String, to destination: String) async throws -> ListItem {
        try await context.edit { library in
            let current = try EntityReference.item(item, in: try library.anyList(list))
            return try library.moveItem(current.id, to: try library.activeList(destination).id, now: context.now)
        }
    }

    @discardableResult
    public func copy(_ item: String, in list: String, to destination: String) async throws -> ListItem {
        try await context.edit { library in
            let current = try EntityReference.item(item, in: try library.anyList(list))
            return try library.copyItem(current.id, to: try library.activeList(destination).id, now: context.now, makeID: UUID.init)
        }
    }

    @discardableResult
    public func remove(_ item: String, in list: String) async throws -> ListItem {
        try await context.edit { library in
            try library.deleteItem(try EntityReference.item(item, in: try library.anyList(list)).id)
        }
    }

    /// The links in the item's title and description, in the order they appear (§5).
    public func links(of item: String, in list: String) async throws -> [String] {
        let found = try await find(item, in: list)
        return LinkDetection.detectURLs(in: [found.title, found.itemDescription ?? ""].joined(separator: "\n"))
    }
}
