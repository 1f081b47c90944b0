/// What "expiring soon" means (spec §2.4 `GET /expiring`): an expiration date from today
/// through today + `days`, inclusive, earliest first. Already expired rows are not in it.
public enum ExpiringSoon {
    public static let defaultDays = 7
    public static let allowedDays = 1...365

    public static func select(_ items: [InventoryItem], today: PantryDate, days: Int = defaultDays) -> [InventoryItem] {
        let last = today.adding(days: days)
        return items.compactMap { item -> (InventoryItem, PantryDate)? in
            guard let text = item.expirationDate, let date = PantryDate(text), date >= today, date <= last else { return nil }
            return (item, date)
        }
        .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
        .map(\.0)
    }
}
