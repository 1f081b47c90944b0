import HearthCore

/// What a client asks to put in the pantry (`POST /inventory`, quick-add, pushed creates).
struct InventoryDraft: Sendable, Hashable {
    var id: String?
    var productID: String?
    var quantity: Int64?
    var expirationDate: String?
    var notes: String?
    var locationID: String?
    var unit: String?

    static let maxQuantity: Int64 = 100_000
    static let tooMany = PantryError.invalidField("An item holds at most \(maxQuantity); this would make more")

    init(fields: RequestFields) throws {
        id = try fields.clientID()
        productID = try fields.text("productId")
        quantity = try fields.integer("quantity")
        expirationDate = try fields.text("expirationDate")
        notes = try fields.string("notes")
        locationID = try fields.text("locationId")
        unit = try fields.text("unit")
    }

    /// W17: a whole number 1…100000; absent or 0 mean 1 (the original's default).
    func validatedQuantity() throws -> Int64 {
        guard let quantity, quantity != 0 else { return 1 }
        guard (1...Self.maxQuantity).contains(quantity) else {
            throw PantryError.invalidField("Quantity must be a whole number from 1 to \(Self.maxQuantity)")
        }
        return quantity
    }
}

enum ExpirationDate {
    /// `nil` stays `nil`; anything else must be a real `YYYY-MM-DD` date (W18).
    static func validated(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard PantryTime.isCalendarDate(text) else {
            throw PantryError.invalidField("expirationDate must be a date written YYYY-MM-DD")
        }
        return text
    }
}
