import Foundation
import HearthCore
import HearthServer
import HearthStore
import HTTPTypes
import Hummingbird

/// `/api/test` (spec §2.11): what the original app's UI tests drive — status, a reset, a
/// seeded household and premium switching. Mounted only when a test key is configured
/// (`HEARTH_PP_TEST_KEY`, 32+ characters, W10); every request carries it in
/// `x-test-admin-key`. Never enable it on a server holding real data: reset erases
/// every PantryPal table except the global catalogue.
struct TestRoutes: Sendable {
    let testKey: String
    let database: any HearthDatabase
    let clock: any WallClock
    let passwords: PasswordHasher

    static let email = "test@pantrypal.com"
    static let password = "Test123!"
    static let tables = [
        "pp_inventory", "pp_checkout_history", "pp_sync_log", "pp_invite_codes", "pp_grocery_items", "pp_device_tokens",
        "pp_notification_preferences", "pp_idempotency_keys", "pp_subscriptions", "pp_sessions", "pp_locations", "pp_users",
        "pp_households",
    ]

    func register(on group: RouterGroup<HearthRequestContext>) {
        let test = group.group().add(middleware: OperatorKeyMiddleware.uiTests(key: testKey))
        test.get("status") { _, _ in
            Response.json(["enabled": true, "message": "Test endpoints are active", "timestamp": .string(PantryTime.isoMillis(clock.now))])
        }
        test.get("credentials") { _, _ in Response.json(["email": .string(Self.email), "password": .string(Self.password)]) }
        test.post("reset") { _, _ in
            try await database.transaction { executor in
                for table in Self.tables { try await executor.execute("DELETE FROM \(table)") }
                try await executor.execute("DELETE FROM pp_products WHERE household_id IS NOT NULL")
            }
            return Response.json(["success": true, "message": "Database reset successfully"])
        }
        test.post("seed") { _, _ in Response.json(try await seed()) }
        test.post("premium/:householdId") { request, context in
            let fields = try await RequestFields.read(request, context: context)
            let on = try fields.bool("isPremium") ?? true
            let expires = clock.now.adding(seconds: 365 * 86_400)
            _ = try await PremiumGrant.set(
                householdID: try context.pantryParameter("householdId"), on: on, expiresAt: expires, now: clock.now, in: database)
            return Response.json(["success": true])
        }
    }

    /// A free household "Test Household" with the test user, three locations, two global
    /// products and two items (spec §2.11).
    private func seed() async throws -> JSONValue {
        let hash = try await passwords.hash(Self.password)
        let now = clock.now
        let time = PantryTime.databaseText(now)
        return try await database.transaction { executor in
            let user: UserRecord
            if let existing = try await UserRecord.find(normalizedEmail: Self.email, in: executor) {
                user = existing
            } else {
                user = try await UserRecord.insert(
                    email: Self.email, passwordHash: hash, firstName: "Test", lastName: "User", appleID: nil, now: now, in: executor)
            }
            let householdID = UUID().uuidString.lowercased()
            try await executor.execute(
                "INSERT INTO pp_households (id, name, owner_id, is_premium, timezone, change_seq, created_at) VALUES (?, 'Test Household', ?, 0, 'UTC', 0, ?)",
                [.text(householdID), .text(user.id), .text(time)])
            try await executor.execute("UPDATE pp_users SET household_id = ? WHERE id = ?", [.text(householdID), .text(user.id)])
            var locations: [String: String] = [:]
            for (order, name) in ["Fridge", "Pantry", "Freezer"].enumerated() {
                let id = UUID().uuidString.lowercased()
                locations[name] = id
                try await executor.execute(
                    "INSERT INTO pp_locations (id, household_id, name, type, level, sort_order, created_at, updated_at) VALUES (?, ?, ?, 'pantry', 0, ?, ?, ?)",
                    [.text(id), .text(householdID), .text(name), .integer(Int64(order)), .text(time), .text(time)])
            }
            var products: [String: String] = [:]
            for (upc, name, brand, category) in [("TEST_MILK_001", "Milk", "Test Brand", "Dairy"), ("TEST_BREAD_001", "Bread", "Test Bakery", "Bakery")] {
                let (product, _) = try await ProductCatalog.cache(
                    ProviderProduct(upc: upc, name: name, brand: brand, description: nil, imageURL: nil, category: category), now: now, in: executor)
                products[name] = product.id
            }
            var items: [String: String] = [:]
            for (name, location, quantity, expires) in [("Milk", "Fridge", 2, "2025-02-01"), ("Bread", "Pantry", 1, nil)] as [(String, String, Int64, String?)] {
                let id = UUID().uuidString.lowercased()
                items[name] = id
                try await executor.execute(
                    """
                    INSERT INTO pp_inventory (id, product_id, household_id, location_id, quantity, unit, expiration_date, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, 'pcs', ?, ?, ?)
                    """,
                    [.text(id), .init(products[name]), .text(householdID), .init(locations[location]), .integer(quantity), .init(expires), .text(time), .text(time)])
            }
            return [
                "success": true,
                "testUser": ["email": .string(Self.email), "password": .string(Self.password), "userId": .string(user.id), "householdId": .string(householdID)],
                "testData": [
                    "locations": ["fridgeId": .init(locations["Fridge"]), "pantryId": .init(locations["Pantry"]), "freezerId": .init(locations["Freezer"])],
                    "products": ["milkProductId": .init(products["Milk"]), "breadProductId": .init(products["Bread"])],
                    "inventory": ["milkItemId": .init(items["Milk"]), "breadItemId": .init(items["Bread"])],
                ],
            ]
        }
    }
}
