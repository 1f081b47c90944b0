import Foundation

/// Where stock lives. Locations are created by the server's defaults or by the user.
public struct LocationRepository: Sendable {
    let context: PantryContext

    init(_ context: PantryContext) { self.context = context }

    /// Roots first, then by sort order and name.
    public func list() throws -> [Location] { try context.store.locations() }

    /// A location by id or (case-insensitive) name; without a reference, the default place
    /// for new stock: "Pantry", else the first location.
    public func find(_ reference: String?) throws -> Location {
        let locations = try list()
        guard let reference else {
            guard let first = locations.first(where: { $0.name == DefaultLocations.names[0] }) ?? locations.first else {
                throw PantryPalError.notFound("A location (the household has none yet)")
            }
            return first
        }
        let needle = reference.lowercased()
        if let found = locations.first(where: { $0.id == needle }) ?? locations.first(where: { $0.name.lowercased() == needle }) {
            return found
        }
        throw PantryPalError.notFound("The location '\(reference)'")
    }

    /// A new location (1–100 characters), at the root or under `parent`.
    @discardableResult
    public func add(name: String, parent: Location? = nil) throws -> Location {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(trimmed.count) else { throw PantryPalError.invalid("A location name has 1 to 100 characters.") }
        _ = try context.household()
        return try context.store.addLocation(id: context.newID(), name: trimmed, parentID: parent?.id)
    }
}
