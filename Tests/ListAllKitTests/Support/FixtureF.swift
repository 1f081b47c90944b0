import Foundation
import ListAllKit

/// Fixture F of spec §8: two active lists, "Groceries" (Milk, crossed-out Bread with one
/// image) and "Empty"; the clock at 2025-01-16T08:00:00Z and a human date stub giving `D`.
enum FixtureF {
    static func date(_ text: String) -> Date {
        guard let date = MachineDate.parse(text) else { fatalError("bad fixture date \(text)") }
        return date
    }

    static func uuid(_ text: String) -> UUID {
        guard let id = UUID(uuidString: text) else { fatalError("bad fixture id \(text)") }
        return id
    }

    static let now = date("2025-01-16T08:00:00Z")
    static let humanDate = HumanDateFormat { _ in "D" }

    static let groceriesID = uuid("11111111-1111-1111-1111-111111111111")
    static let milkID = uuid("22222222-2222-2222-2222-222222222221")
    static let breadID = uuid("22222222-2222-2222-2222-222222222222")
    static let breadImageID = uuid("44444444-4444-4444-4444-444444444444")
    static let emptyID = uuid("33333333-3333-3333-3333-333333333333")
    static let breadImageBytes = Data([0xFF, 0xD8, 0xFF, 0xD9])

    static var milk: ListItem {
        ListItem(
            id: milkID, title: "Milk", itemDescription: "2% low fat", quantity: 2, orderNumber: 0, isCrossedOut: false,
            createdAt: date("2025-01-15T10:31:00Z"), modifiedAt: date("2025-01-15T10:32:00Z"), listId: groceriesID)
    }

    static var bread: ListItem {
        ListItem(
            id: breadID, title: "Bread", itemDescription: nil, quantity: 1, orderNumber: 1, isCrossedOut: true,
            createdAt: date("2025-01-15T10:33:00Z"), modifiedAt: date("2025-01-15T10:34:00Z"), listId: groceriesID,
            images: [
                ItemImage(
                    id: breadImageID, imageData: breadImageBytes, orderNumber: 0, itemId: breadID,
                    createdAt: date("2025-01-15T10:35:00Z"))
            ])
    }

    static var groceries: ItemList {
        ItemList(
            id: groceriesID, name: "Groceries", orderNumber: 0, createdAt: date("2025-01-15T10:30:00Z"),
            modifiedAt: date("2025-01-15T10:30:00Z"), items: [milk, bread])
    }

    static var empty: ItemList {
        ItemList(
            id: emptyID, name: "Empty", orderNumber: 1, createdAt: date("2025-01-14T08:00:00Z"),
            modifiedAt: date("2025-01-14T09:00:00Z"))
    }

    static var library: ListAllLibrary { ListAllLibrary(lists: [groceries, empty]) }
}
