import GRPCCore
import RushDayProto

/// The validated fields of `CreateVendor` (spec §2.5, §4.9).
struct VendorInput: Sendable, Hashable {
    var eventID: String?
    var name: String
    var category: ExpenseCategory?
    var phone: String?
    var email: String?
    var website: String?
    var notes: String?
    var price: Int64?

    init(_ request: Rushday_V1_CreateVendorRequest) throws(RPCError) {
        eventID = try request.hasEventID ? FieldRules.id(request.eventID, "event_id") : nil
        name = try FieldRules.text(request.name, "name", 1...200)
        category = try request.hasCategory ? BudgetInput.category(request.category) : nil
        phone = try GuestInput.phone(request.hasPhone ? request.phone : nil, "phone")
        email = try GuestInput.email(request.hasEmail ? request.email : nil, "email")
        website = try FieldRules.optionalURL(request.hasWebsite ? request.website : nil, "website")
        notes = try FieldRules.optionalText(request.hasNotes ? request.notes : nil, "notes", maximum: 2000)
        price = try request.hasPrice ? BudgetInput.amount(request.price, "price") : nil
    }
}
