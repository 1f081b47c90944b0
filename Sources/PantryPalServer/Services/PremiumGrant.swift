import HearthCore
import HearthStore

/// Turns a household's premium on (until `expiresAt`, or for good) or off, as an operator
/// does through `/api/admin` or the UI tests through `/api/test`, and logs it (W3).
enum PremiumGrant {
    static func set(householdID: String, on: Bool, expiresAt: Timestamp?, now: Timestamp, in database: any HearthDatabase) async throws
        -> HouseholdRecord
    {
        let expiry = on ? expiresAt : nil
        return try await database.transaction { executor in
            guard try await HouseholdRecord.find(id: householdID, in: executor, forUpdate: true) != nil else {
                throw PantryError.notFound("Household not found")
            }
            try await executor.execute(
                "UPDATE pp_households SET is_premium = ?, premium_expires_at = ?, premium_expires_at_ms = ? WHERE id = ?",
                [.init(on), .init(expiry.map(PantryTime.isoSeconds)), .init(expiry), .text(householdID)])
            guard let household = try await HouseholdRecord.find(id: householdID, in: executor) else {
                throw PantryError.notFound("Household not found")
            }
            try await ChangeLog.append(
                LoggedChange(entityType: .household, entityID: householdID, action: .update, payload: household.snapshot(event: "premium", userID: nil)),
                householdID: householdID, actorUserID: nil, now: now, in: executor)
            return household
        }
    }
}
