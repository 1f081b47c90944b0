import HearthCore
import HearthStore
import RushDayProto

/// One row of `rd_vendors`: an entry of the caller's private address book (spec §3.4
/// `Vendor`, §4.9). `event_id` is cleared when the linked event is deleted.
struct VendorRecord: Sendable, Hashable {
    var id: String
    var userID: String
    var eventID: String?
    var name: String
    var category: String?
    var phone: String?
    var email: String?
    var website: String?
    var notes: String?
    var price: Int64?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    static let columns = "id, user_id, event_id, name, category, phone, email, website, notes, price, created_at, updated_at"

    init(id: String, userID: String, input: VendorInput, now: Timestamp) {
        self.id = id
        self.userID = userID
        eventID = input.eventID
        name = input.name
        category = input.category?.key
        phone = input.phone
        email = input.email
        website = input.website
        notes = input.notes
        price = input.price
        createdAt = now
        updatedAt = now
    }

    init(row: SQLRow) throws {
        id = try row.string("id")
        userID = try row.string("user_id")
        eventID = try row.optionalString("event_id")
        name = try row.string("name")
        category = try row.optionalString("category")
        phone = try row.optionalString("phone")
        email = try row.optionalString("email")
        website = try row.optionalString("website")
        notes = try row.optionalString("notes")
        price = try row.optionalInt("price")
        createdAt = try row.timestamp("created_at")
        updatedAt = try row.timestamp("updated_at")
    }

    /// The case-insensitive sort key of §2.8.
    var sortName: String { name.lowercased() }

    var message: Rushday_V1_Vendor {
        var message = Rushday_V1_Vendor()
        message.id = id
        message.userID = userID
        if let eventID { message.eventID = eventID }
        message.name = name
        if let category { message.category = category }
        if let phone { message.phone = phone }
        if let email { message.email = email }
        if let website { message.website = website }
        if let notes { message.notes = notes }
        if let price { message.price = price }
        message.createdAt = .init(createdAt)
        message.updatedAt = .init(updatedAt)
        return message
    }
}
