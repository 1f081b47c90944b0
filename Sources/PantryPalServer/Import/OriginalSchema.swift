/// The tables of the original PantryPal server's SQLite database (spec §4) that the import
/// reads, and their columns.
///
/// Columns the original adds at start-up when missing (`users.apple_id`, `first_name`,
/// `last_name`; `households.owner_id`, `premium_expires_at`; `grocery_items.brand`, `upc`)
/// are optional: an older database without them reads them as NULL. Every other column
/// must be there, or the file is not taken for a PantryPal database.
enum OriginalTable: String, Sendable, CaseIterable {
    case users
    case households
    case locations
    case products
    case inventory
    case inviteCodes = "invite_codes"
    case checkoutHistory = "checkout_history"
    case groceryItems = "grocery_items"
    case syncLog = "sync_log"
    case deviceTokens = "device_tokens"
    case notificationPreferences = "notification_preferences"

    var name: String { rawValue }

    /// Tables a PantryPal database may lack (read as empty).
    var isOptional: Bool { self == .deviceTokens || self == .notificationPreferences }

    var requiredColumns: [String] {
        switch self {
        case .users: ["id", "email", "password_hash", "household_id", "created_at", "updated_at"]
        case .households: ["id", "name", "is_premium", "created_at"]
        case .locations: ["id", "household_id", "name", "type", "parent_id", "level", "sort_order", "created_at", "updated_at"]
        case .products:
            ["id", "upc", "name", "brand", "description", "image_url", "category", "is_custom", "household_id", "created_at", "updated_at"]
        case .inventory:
            ["id", "product_id", "household_id", "location_id", "quantity", "unit", "expiration_date", "notes", "created_at", "updated_at"]
        case .inviteCodes: ["id", "household_id", "code", "created_by", "expires_at", "used_by", "used_at", "created_at"]
        case .checkoutHistory: ["id", "inventory_id", "product_id", "household_id", "user_id", "quantity", "checked_out_at"]
        case .groceryItems: ["id", "household_id", "name", "normalized_name", "created_at"]
        case .syncLog: ["id", "household_id", "entity_type", "entity_id", "action", "payload", "client_timestamp", "server_timestamp", "synced"]
        case .deviceTokens: ["id", "user_id", "token", "platform", "created_at", "updated_at"]
        case .notificationPreferences:
            [
                "id", "user_id", "expiration_enabled", "expiration_days_before", "low_stock_enabled", "low_stock_threshold",
                "checkout_enabled", "created_at", "updated_at",
            ]
        }
    }

    /// Columns added by the original's start-up migrations; NULL when absent.
    var optionalColumns: [String] {
        switch self {
        case .users: ["first_name", "last_name", "apple_id"]
        case .households: ["owner_id", "premium_expires_at"]
        case .groceryItems: ["brand", "upc"]
        default: []
        }
    }
}
