/// What the import of an original PantryPal database brings over, in the order it does
/// (each kind only refers to kinds before it).
public enum PantryImportKind: String, Sendable, CaseIterable, Hashable {
    case households
    case users
    case locations
    case products
    case inventory
    case invites
    case checkoutHistory = "checkout history"
    case grocery
    case changeLog = "change log"
    case deviceTokens = "device tokens"
    case notificationPreferences = "notification preferences"

    /// The label in reports ("inventory", "checkout history", …).
    public var label: String { rawValue }

    /// The original table the kind comes from.
    var table: OriginalTable {
        switch self {
        case .households: .households
        case .users: .users
        case .locations: .locations
        case .products: .products
        case .inventory: .inventory
        case .invites: .inviteCodes
        case .checkoutHistory: .checkoutHistory
        case .grocery: .groceryItems
        case .changeLog: .syncLog
        case .deviceTokens: .deviceTokens
        case .notificationPreferences: .notificationPreferences
        }
    }

    /// "a household", "an invite", … for reasons that name what a row refers to.
    var singular: String {
        switch self {
        case .households: "household"
        case .users: "user"
        case .locations: "location"
        case .products: "product"
        case .inventory: "inventory item"
        case .invites: "invite"
        case .checkoutHistory: "checkout"
        case .grocery: "grocery item"
        case .changeLog: "change"
        case .deviceTokens: "device token"
        case .notificationPreferences: "notification preferences"
        }
    }
}
