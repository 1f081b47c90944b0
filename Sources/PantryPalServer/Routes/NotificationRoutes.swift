import Foundation
import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `/api/notifications` (spec §2.9, W21): device tokens follow their user (a token
/// registered by one account is taken from any other) and preferences. Delivery needs
/// APNs credentials, which this build does not configure, so `POST /test` says so.
struct NotificationRoutes: Sendable {
    let database: any HearthDatabase
    let clock: any WallClock

    static let defaults: [String: Int64] = [
        "expirationEnabled": 1, "expirationDaysBefore": 3, "lowStockEnabled": 1, "lowStockThreshold": 2, "checkoutEnabled": 1,
    ]
    static let columns: [(key: String, column: String, isFlag: Bool)] = [
        ("expirationEnabled", "expiration_enabled", true), ("expirationDaysBefore", "expiration_days_before", false),
        ("lowStockEnabled", "low_stock_enabled", true), ("lowStockThreshold", "low_stock_threshold", false),
        ("checkoutEnabled", "checkout_enabled", true),
    ]

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.post("register") { request, context in
            let userID = try context.requireUser()
            let fields = try await RequestFields.read(request, context: context)
            guard let token = try fields.text("token"), token.unicodeScalars.count <= 512 else { throw PantryError.badRequest("Token is required") }
            let platform = String((try fields.text("platform") ?? "ios").prefix(20))
            let sessionID = context.sessionID
            let now = PantryTime.databaseText(clock.now)
            try await database.transaction { executor in
                let householdID = try await UserRecord.find(id: userID, in: executor)?.householdID
                try await executor.execute("DELETE FROM pp_device_tokens WHERE token = ? AND user_id <> ?", [.text(token), .text(userID)])
                try await executor.execute(
                    """
                    INSERT INTO pp_device_tokens (id, user_id, household_id, session_id, token, platform, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (token) DO UPDATE SET updated_at = excluded.updated_at, household_id = excluded.household_id,
                        platform = excluded.platform, session_id = excluded.session_id
                    """,
                    [
                        .text(UUID().uuidString.lowercased()), .text(userID), .init(householdID), .init(sessionID), .text(token),
                        .text(platform), .text(now), .text(now),
                    ])
                try await ensurePreferences(userID: userID, in: executor)
            }
            return Response.json(["success": true, "message": "Device registered for push notifications"])
        }
        group.delete("unregister") { request, context in
            let userID = try context.requireUser()
            let fields = try await RequestFields.read(request, context: context)
            guard let token = try fields.text("token") else { throw PantryError.badRequest("Device token is required") }
            try await database.transaction { executor in
                try await executor.execute("DELETE FROM pp_device_tokens WHERE token = ? AND user_id = ?", [.text(token), .text(userID)])
            }
            return Response.json(["success": true, "message": "Device unregistered"])
        }
        group.get("preferences") { _, context in
            let userID = try context.requireUser()
            let row = try await database.read { executor in
                try await executor.queryFirst("SELECT * FROM pp_notification_preferences WHERE user_id = ?", [.text(userID)])
            }
            var body: [String: JSONValue] = [:]
            for entry in Self.columns {
                let value = try row?.optionalInt(entry.column) ?? Self.defaults[entry.key] ?? 0
                body[entry.key] = entry.isFlag ? .bool(value != 0) : .int(value)
            }
            return Response.json(.object(body))
        }
        group.put("preferences") { request, context in
            let userID = try context.requireUser()
            let fields = try await RequestFields.read(request, context: context)
            var updates: [(String, SQLValue)] = []
            for entry in Self.columns {
                if entry.isFlag, let flag = try fields.bool(entry.key) { updates.append((entry.column, .init(flag))) }
                if !entry.isFlag, let number = try fields.integer(entry.key) {
                    guard (0...365).contains(number) else { throw PantryError.invalidField("\(entry.key) must be from 0 to 365") }
                    updates.append((entry.column, .integer(number == 0 ? Self.defaults[entry.key] ?? 0 : number)))
                }
            }
            let now = PantryTime.databaseText(clock.now)
            let changes = updates
            try await database.transaction { executor in
                try await ensurePreferences(userID: userID, in: executor)
                for (column, value) in changes {
                    try await executor.execute(
                        "UPDATE pp_notification_preferences SET \(column) = ?, updated_at = ? WHERE user_id = ?", [value, .text(now), .text(userID)])
                }
            }
            return Response.json(["success": true, "message": "Preferences updated"])
        }
        group.post("test") { _, context in
            let userID = try context.requireUser()
            let tokens = try await database.read { executor in
                try await executor.query("SELECT token FROM pp_device_tokens WHERE user_id = ?", [.text(userID)])
            }
            let results: [JSONValue] = try tokens.map { row in
                ["token": .string(try row.string("token")), "success": false, "reason": "APNs not configured"]
            }
            return Response.json(["success": true, "results": .array(results)])
        }
    }

    private func ensurePreferences(userID: String, in executor: any SQLExecutor) async throws {
        let now = PantryTime.databaseText(clock.now)
        try await executor.execute(
            """
            INSERT INTO pp_notification_preferences (id, user_id, expiration_enabled, expiration_days_before, low_stock_enabled,
                low_stock_threshold, checkout_enabled, created_at, updated_at)
            VALUES (?, ?, 1, 3, 1, 2, 1, ?, ?) ON CONFLICT (user_id) DO NOTHING
            """, [.text(UUID().uuidString.lowercased()), .text(userID), .text(now), .text(now)])
    }
}
