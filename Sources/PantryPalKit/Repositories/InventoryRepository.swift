import Foundation
import HearthCore

/// The household's stock: listing, adding by product or UPC, adjusting, removing, and what
/// expires soon. Works offline; every change is queued for the server.
public struct InventoryRepository: Sendable {
    public static let quantityRange = 1...100_000

    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    public func list() throws -> [InventoryItem] { try context.store.inventory() }

    /// Every row with its product and location, by product name then expiration.
    public func entries() throws -> [StockEntry] {
        let products = Dictionary(try context.store.products().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let locations = Dictionary(try context.store.locations().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try list().map { StockEntry(item: $0, product: products[$0.productID], location: $0.locationID.flatMap { locations[$0] }) }
            .sorted { ($0.productName.lowercased(), $0.item.expirationDate ?? "~", $0.item.id) < ($1.productName.lowercased(), $1.item.expirationDate ?? "~", $1.item.id) }
    }

    /// Adds `quantity` of a product to a location: tops up the matching row, or creates one
    /// (refused at the free limit without premium).
    @discardableResult
    public func add(
        productID: String, locationID: String, quantity: Int = 1, expirationDate: String? = nil, notes: String? = nil
    ) throws -> (item: InventoryItem, merged: Bool) {
        guard Self.quantityRange.contains(quantity) else { throw PantryPalError.invalid("The quantity must be 1 to 100000.") }
        if let expirationDate, PantryDate(expirationDate) == nil {
            throw PantryPalError.invalid("'\(expirationDate)' is not a date; write it as YYYY-MM-DD.")
        }
        guard try context.store.product(id: productID) != nil else { throw PantryPalError.notFound("The product") }
        guard try context.store.locations().contains(where: { $0.id == locationID }) else { throw PantryPalError.notFound("The location") }
        return try context.store.addStock(
            newID: context.newID(), productID: productID, locationID: locationID, quantity: quantity, expirationDate: expirationDate,
            notes: notes, rowLimit: try context.rowLimit())
    }

    /// Adds stock by barcode. An unknown code becomes the household's own product named
    /// `customName`; without a name it is refused.
    @discardableResult
    public func add(
        upc: String, customName: String? = nil, locationID: String, quantity: Int = 1, expirationDate: String? = nil, notes: String? = nil
    ) async throws -> (item: InventoryItem, product: Product, merged: Bool) {
        let catalog = ProductCatalog(context)
        let product: Product
        do {
            if let found = try await catalog.resolve(upc: upc) {
                product = found
            } else if let customName {
                product = try catalog.addCustom(name: customName, upc: upc)
            } else {
                throw PantryPalError.invalid("No product is known under UPC \(upc). Add it with a name to make it one of your own.")
            }
        } catch PantryPalError.needsServer(let what) {
            guard let customName else { throw PantryPalError.needsServer(what) }
            product = try catalog.addCustom(name: customName, upc: upc)
        }
        let added = try add(productID: product.id, locationID: locationID, quantity: quantity, expirationDate: expirationDate, notes: notes)
        return (added.item, product, added.merged)
    }

    /// Changes a row's quantity by `adjustment` (non-zero, at most 100000 either way); at
    /// zero the row is removed, above 100000 it is refused. Returns the row afterwards,
    /// `nil` when it is gone.
    @discardableResult
    public func adjust(itemID: String, by adjustment: Int) throws -> InventoryItem? {
        guard adjustment != 0 else { throw PantryPalError.invalid("The adjustment must not be zero, e.g. +2 or -1.") }
        guard abs(adjustment) <= Self.quantityRange.upperBound else {
            throw PantryPalError.invalid("The adjustment must be at most \(Self.quantityRange.upperBound) either way.")
        }
        return try context.store.adjustQuantity(itemID: itemID, by: adjustment)
    }

    public func remove(itemID: String) throws { try context.store.removeItem(itemID: itemID) }

    /// Rows whose expiration date is from today through today + `days`, earliest first.
    public func expiringSoon(days: Int = ExpiringSoon.defaultDays) throws -> [InventoryItem] {
        guard ExpiringSoon.allowedDays.contains(days) else { throw PantryPalError.invalid("Days must be 1 to 365.") }
        return ExpiringSoon.select(try list(), today: PantryDate(context.clock.now, in: context.timeZone), days: days)
    }

    /// The row a person means: its id or the start of it (4+ characters), or a product name
    /// or UPC that names exactly one row.
    public func find(_ reference: String) throws -> InventoryItem {
        let entries = try entries()
        let needle = reference.lowercased()
        if let exact = entries.first(where: { $0.item.id == needle }) { return exact.item }
        var matches = needle.count >= 4 ? entries.filter { $0.item.id.hasPrefix(needle) } : []
        if matches.isEmpty {
            matches = entries.filter {
                $0.product?.name.lowercased() == needle || $0.productName.lowercased() == needle || $0.product?.upc == reference
            }
        }
        guard let first = matches.first else { throw PantryPalError.notFound("'\(reference)'") }
        guard matches.count == 1 else {
            let ids = matches.map { "\(String($0.item.id.prefix(8))) (\($0.location?.name ?? "?"), expires \($0.item.expirationDate ?? "never"))" }
            throw PantryPalError.invalid("'\(reference)' matches \(matches.count) items; name one by id: \(ids.joined(separator: ", ")).")
        }
        return first.item
    }
}
