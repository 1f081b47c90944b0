import GRDB

/// The rows the import tests put in an original PantryPal database: the Smiths' premium
/// household (Alice owns it, Bob joined it) with places, stock, history, an invite, a
/// grocery list and change log; and Carol's household next door, whose data the Smiths
/// must never see. Carol also signs in with Apple.
enum OriginalPantryPalData {
    static let alice = (id: "3f1c2a8e-0000-4000-8000-00000000a11c", email: "alice@example.com", password: "alice's old password")
    static let bob = (id: "3f1c2a8e-0000-4000-8000-000000000b0b", email: "Bob.Smith@Example.com", password: "bob's old password")
    static let carol = (id: "3f1c2a8e-0000-4000-8000-0000000ca201", email: "carol@example.com", password: "carol's old password")
    static let carolAppleSubject = "001234.abcdef0123456789.1234"

    static let smiths = "5e0c2a8e-0000-4000-8000-0000000000a1"
    static let carols = "5e0c2a8e-0000-4000-8000-0000000000c2"

    static let kitchen = "10c00000-0000-4000-8000-000000000001"
    static let fridge = "10c00000-0000-4000-8000-000000000002"
    static let pantry = "10c00000-0000-4000-8000-000000000003"
    static let carolsShelf = "10c00000-0000-4000-8000-0000000000c1"

    static let milk = "9d000000-0000-4000-8000-000000000001"  // global
    static let jam = "9d000000-0000-4000-8000-000000000002"  // the Smiths' own
    static let salsa = "9d000000-0000-4000-8000-0000000000c1"  // Carol's own

    static let milkItem = "1e000000-0000-4000-8000-000000000001"
    static let jamItem = "1e000000-0000-4000-8000-000000000002"
    static let salsaItem = "1e000000-0000-4000-8000-0000000000c1"

    static let inviteCode = "ABC234"

    /// The Smiths' and Carol's data.
    static func standard(_ db: Database) throws {
        try db.insert("users", [
            "id": alice.id, "email": alice.email, "password_hash": OriginalPantryPalFixture.bcrypt(alice.password), "first_name": "Alice",
            "last_name": "Smith", "household_id": smiths, "created_at": "2025-01-01 10:00:00", "updated_at": "2025-01-01 10:00:00",
        ])
        try db.insert("users", [
            "id": bob.id, "email": bob.email, "password_hash": OriginalPantryPalFixture.bcrypt(bob.password), "first_name": "Bob",
            "last_name": "Smith", "household_id": smiths, "created_at": "2025-01-02 10:00:00", "updated_at": "2025-01-02 10:00:00",
        ])
        try db.insert("users", [
            "id": carol.id, "email": carol.email, "password_hash": OriginalPantryPalFixture.bcrypt(carol.password), "first_name": "Carol",
            "last_name": "Park", "household_id": carols, "apple_id": carolAppleSubject, "created_at": "2025-01-03 10:00:00",
        ])
        try db.insert("households", [
            "id": smiths, "name": "Smith Household", "owner_id": alice.id, "is_premium": 1, "premium_expires_at": "2099-01-01T00:00:00Z",
            "created_at": "2025-01-01 10:00:01",
        ])
        try db.insert("households", ["id": carols, "name": "Park Household", "owner_id": carol.id, "created_at": "2025-01-03 10:00:01"])
        try db.insert("locations", ["id": kitchen, "household_id": smiths, "name": "Kitchen", "sort_order": 0])
        try db.insert("locations", ["id": fridge, "household_id": smiths, "name": "Fridge", "parent_id": kitchen, "level": 1])
        try db.insert("locations", ["id": pantry, "household_id": smiths, "name": "Pantry", "sort_order": 1])
        try db.insert("locations", ["id": carolsShelf, "household_id": carols, "name": "Shelf"])
        try db.insert("products", ["id": milk, "upc": "0123456789012", "name": "Milk", "brand": "Dairy Co", "category": "dairy"])
        try db.insert("products", ["id": jam, "upc": "CUSTOM-1700000000000", "name": "Jam", "is_custom": 1, "household_id": smiths])
        try db.insert("products", ["id": salsa, "upc": "CUSTOM-1700000000001", "name": "Salsa", "is_custom": 1, "household_id": carols])
        try db.insert("inventory", [
            "id": milkItem, "product_id": milk, "household_id": smiths, "location_id": fridge, "quantity": 2,
            "expiration_date": "2030-05-01", "notes": "organic",
        ])
        try db.insert("inventory", ["id": jamItem, "product_id": jam, "household_id": smiths, "location_id": pantry, "quantity": 1])
        try db.insert("inventory", ["id": salsaItem, "product_id": salsa, "household_id": carols, "location_id": carolsShelf, "quantity": 3])
        try db.insert("checkout_history", [
            "id": "c0000000-0000-4000-8000-000000000001", "inventory_id": milkItem, "product_id": milk, "household_id": smiths,
            "user_id": bob.id, "checked_out_at": "2025-03-01T08:00:00.000Z",
        ])
        try db.insert("checkout_history", [
            "id": "c0000000-0000-4000-8000-000000000002", "inventory_id": jamItem, "product_id": jam, "household_id": smiths,
            "user_id": alice.id, "checked_out_at": "2025-03-02T09:30:00.000Z",
        ])
        try db.insert("invite_codes", [
            "id": "1a000000-0000-4000-8000-000000000001", "household_id": smiths, "code": inviteCode, "created_by": alice.id,
            "expires_at": "2099-01-01T00:00:00.000Z",
        ])
        try db.insert("invite_codes", [
            "id": "1a000000-0000-4000-8000-000000000002", "household_id": smiths, "code": "USED22", "created_by": alice.id,
            "expires_at": "2025-01-03T10:00:00.000Z", "used_by": bob.id, "used_at": "2025-01-02T10:00:00.000Z",
        ])
        try db.insert("grocery_items", ["id": 1, "household_id": smiths, "name": "Eggs", "normalized_name": "eggs"])
        try db.insert("grocery_items", [
            "id": 2, "household_id": smiths, "name": "Whole  Milk", "brand": "Farm", "upc": "0123456789012", "normalized_name": "whole milk",
        ])
        try db.insert("grocery_items", ["id": 3, "household_id": carols, "name": "Chips", "normalized_name": "chips"])
        try db.insert("sync_log", [
            "id": "5a000000-0000-4000-8000-000000000001", "household_id": smiths, "entity_type": "inventory", "entity_id": milkItem,
            "action": "create", "payload": #"{"productId":"\#(milk)","quantity":3}"#, "client_timestamp": "2025-03-01 07:59:59",
            "server_timestamp": "2025-03-01 08:00:00", "synced": 1,
        ])
        try db.insert("sync_log", [
            "id": "5a000000-0000-4000-8000-000000000002", "household_id": smiths, "entity_type": "inventory", "entity_id": milkItem,
            "action": "update", "payload": #"{"quantity":2}"#, "client_timestamp": "2025-03-01 08:00:05",
            "server_timestamp": "2025-03-01 08:00:05",
        ])
        try db.insert("device_tokens", ["id": "d0000000-0000-4000-8000-000000000001", "user_id": alice.id, "household_id": smiths, "token": "apns-alice"])
        try db.insert("notification_preferences", [
            "id": "b0000000-0000-4000-8000-000000000001", "user_id": bob.id, "expiration_days_before": 5, "checkout_enabled": 0,
        ])
    }
}
