import HearthCore
import HearthServer
import HearthStore

/// Deletes a PantryPal user in one transaction. When they are the last member of their
/// household, the household goes too, with everything in it; otherwise they only leave
/// it (the earliest other member inherits ownership, and the other members' devices learn
/// of the departure from the household's change log). Their sessions, devices,
/// notification settings and idempotency records go with them.
struct PantryPalAccountDeletion {
    let database: any HearthDatabase
    let clock: any WallClock

    /// A household's tables, children first, with what their rows are.
    static let householdTables = [
        ("pp_inventory", "inventory items"), ("pp_checkout_history", "checkouts"), ("pp_grocery_items", "grocery items"),
        ("pp_products", "custom products"), ("pp_locations", "locations"), ("pp_invite_codes", "invite codes"),
        ("pp_sync_log", "change log entries"), ("pp_subscriptions", "subscriptions"), ("pp_device_tokens", "devices"),
    ]

    /// The user's own tables, with what their rows are.
    static let userTables = [
        ("pp_sessions", "sessions"), ("pp_device_tokens", "devices"), ("pp_notification_preferences", "notification settings"),
        ("pp_idempotency_keys", "idempotency records"),
    ]

    func delete(_ userID: String) async throws -> AccountDeletion {
        let now = clock.now
        return try await database.transaction { executor in
            var deletion = AccountDeletion()
            guard let user = try await UserRecord.find(id: userID, in: executor, forUpdate: true) else { return deletion }
            if let householdID = user.householdID, try await HouseholdRecord.find(id: householdID, in: executor, forUpdate: true) != nil {
                let others = try await HouseholdRecord.memberCount(of: householdID, in: executor) - 1
                if others > 0 {
                    try await HouseholdService.leave(userID: userID, householdID: householdID, now: now, in: executor)
                    deletion.add("household memberships (the household stays with its other members)", 1)
                } else {
                    for (table, label) in Self.householdTables {
                        deletion.add(label, try await Self.deleteRows(of: table, where: "household_id", is: householdID, in: executor))
                    }
                    deletion.add("households", try await Self.deleteRows(of: "pp_households", where: "id", is: householdID, in: executor))
                }
            }
            for (table, label) in Self.userTables {
                deletion.add(label, try await Self.deleteRows(of: table, where: "user_id", is: userID, in: executor))
            }
            deletion.add("users", try await Self.deleteRows(of: "pp_users", where: "id", is: userID, in: executor))
            return deletion
        }
    }

    /// Deletes the rows of `table` whose `column` is `value`; returns how many there were.
    /// Names come from this type's own lists, never from input.
    private static func deleteRows(of table: String, where column: String, is value: String, in executor: any SQLExecutor) async throws -> Int {
        let count = try await executor.queryFirst("SELECT COUNT(*) AS n FROM \(table) WHERE \(column) = ?", [.text(value)])?.int("n") ?? 0
        try await executor.execute("DELETE FROM \(table) WHERE \(column) = ?", [.text(value)])
        return Int(count)
    }
}
