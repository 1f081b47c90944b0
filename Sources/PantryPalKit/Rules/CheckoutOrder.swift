/// Which stock row a checkout consumes (spec §3.7, W9): rows with stock, earliest
/// expiration first, rows without a date last; ties by id so the choice is stable.
public enum CheckoutOrder {
    public static func next(from items: [InventoryItem]) -> InventoryItem? {
        items.filter { $0.quantity > 0 }.min(by: precedes)
    }

    static func precedes(_ lhs: InventoryItem, _ rhs: InventoryItem) -> Bool {
        switch (lhs.expirationDate, rhs.expirationDate) {
        case (let left?, let right?) where left != right: left < right
        case (.some, nil): true
        case (nil, .some): false
        default: lhs.id < rhs.id
        }
    }
}
