import Foundation

/// The household's shopping list. Works offline; entries are matched by normalized name.
public struct GroceryList: Sendable {
    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    /// Newest first.
    public func list() throws -> [GroceryItem] { try context.store.grocery() }

    /// Puts an entry on the list; returns the existing entry when one has the same name.
    @discardableResult
    public func add(name: String, brand: String? = nil, upc: String? = nil) throws -> (item: GroceryItem, added: Bool) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw PantryPalError.invalid("A shopping list entry needs a name.") }
        return try context.store.addGroceryItem(GroceryItem(name: trimmed, brand: brand, upc: upc), entryLimit: try context.rowLimit())
    }

    /// Takes an entry off the list, by name (any spacing or case) or server number.
    public func remove(_ reference: String) throws -> GroceryItem {
        let items = try list()
        let normalized = GroceryName.normalized(reference)
        guard let item = items.first(where: { $0.normalizedName == normalized }) ?? items.first(where: { $0.serverID.map(String.init) == reference })
        else { throw PantryPalError.notFound("'\(reference)' on the shopping list") }
        try context.store.removeGroceryItem(normalizedName: item.normalizedName)
        return item
    }
}
